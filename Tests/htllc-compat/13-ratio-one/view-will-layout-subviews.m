all.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, self.view.bounds.size.height}};
none.frame = (CGRect) {{all.bounds.size.width, 0}, {0, self.view.bounds.size.height}};
