[c sizeToFit];
[b sizeToFit];
a.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, self.view.bounds.size.height + 10 - MAX(b.bounds.size.height, c.bounds.size.height)}};
b.frame = (CGRect) {{0, -10 + a.bounds.size.height}, {self.view.bounds.size.width + 4 - c.bounds.size.width, self.view.bounds.size.height + 10 - a.bounds.size.height}};
c.frame = (CGRect) {{-4 + b.bounds.size.width, -10 + a.bounds.size.height}, {self.view.bounds.size.width + 4 - b.bounds.size.width, self.view.bounds.size.height + 10 - a.bounds.size.height}};
