hiddenTop.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0}};
rest.frame = (CGRect) {{0, hiddenTop.bounds.size.height}, {self.view.bounds.size.width, self.view.bounds.size.height}};
