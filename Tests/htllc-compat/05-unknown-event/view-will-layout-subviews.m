save.frame = (CGRect) {{0, 0}, {0.5 * self.view.bounds.size.width, self.view.bounds.size.height}};
flick.frame = (CGRect) {{save.bounds.size.width, 0}, {0.5 * self.view.bounds.size.width, self.view.bounds.size.height}};
