photo.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.75 * self.view.bounds.size.height}};
caption.frame = (CGRect) {{0, photo.bounds.size.height}, {self.view.bounds.size.width, 0.25 * self.view.bounds.size.height}};
