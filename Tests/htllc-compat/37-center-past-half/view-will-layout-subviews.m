d.frame = (CGRect) {{0.7 * self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}, {-0.4 * self.view.bounds.size.width, 0}};
