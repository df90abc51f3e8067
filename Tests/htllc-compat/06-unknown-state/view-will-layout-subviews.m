go.frame = (CGRect) {{0.2 * self.view.bounds.size.width, 0.4 * self.view.bounds.size.height}, {0.6 * self.view.bounds.size.width, 0.2 * self.view.bounds.size.height}};
