backdrop.frame = (CGRect) {{0, 0}, {0.5 * self.view.bounds.size.width, self.view.bounds.size.height}};
badge.frame = (CGRect) {{backdrop.bounds.size.width, 0}, {0.5 * self.view.bounds.size.width, self.view.bounds.size.height}};
