volume.frame = (CGRect) {{0, 0}, {0.8 * self.view.bounds.size.width, self.view.bounds.size.height}};
level.frame = (CGRect) {{volume.bounds.size.width, 0}, {0.2 * self.view.bounds.size.width, self.view.bounds.size.height}};
