[x sizeToFit];
x.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, x.bounds.size.height}};
t.frame = (CGRect) {{0, 0.5 + x.bounds.size.height}, {self.view.bounds.size.width, self.view.bounds.size.height - 0.5 - x.bounds.size.height}};
