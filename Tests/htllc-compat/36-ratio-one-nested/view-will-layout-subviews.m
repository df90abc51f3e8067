a.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, self.view.bounds.size.height}};
b.frame = (CGRect) {{0, a.bounds.size.height}, {self.view.bounds.size.width, 0}};
c.frame = (CGRect) {{self.view.bounds.size.width, 0}, {0, self.view.bounds.size.height}};
