[header sizeToFit];
header.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, header.bounds.size.height}};
[sub sizeToFit];
sub.frame = (CGRect) {{0, header.bounds.size.height}, {self.view.bounds.size.width, sub.bounds.size.height}};
content.frame = (CGRect) {{0, header.bounds.size.height + sub.bounds.size.height}, {self.view.bounds.size.width, self.view.bounds.size.height - header.bounds.size.height - sub.bounds.size.height}};
