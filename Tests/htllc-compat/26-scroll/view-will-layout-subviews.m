pages.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, self.view.bounds.size.height}};
