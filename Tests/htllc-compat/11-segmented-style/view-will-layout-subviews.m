[mode sizeToFit];
mode.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, mode.bounds.size.height}};
body.frame = (CGRect) {{0, 10 + mode.bounds.size.height}, {self.view.bounds.size.width, self.view.bounds.size.height - 10 - mode.bounds.size.height}};
