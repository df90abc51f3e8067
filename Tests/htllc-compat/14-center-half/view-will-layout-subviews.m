dot.frame = (CGRect) {{0.5 * self.view.bounds.size.width, 0.25 * self.view.bounds.size.height}, {0, 0.5 * self.view.bounds.size.height}};
