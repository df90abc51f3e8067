panel.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.7 * self.view.bounds.size.height}};
caption.frame = (CGRect) {{0, panel.bounds.size.height}, {self.view.bounds.size.width, 0.3 * self.view.bounds.size.height}};
