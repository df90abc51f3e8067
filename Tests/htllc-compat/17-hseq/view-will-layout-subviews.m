a.frame = (CGRect) {{0, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};
b.frame = (CGRect) {{a.bounds.size.width, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};
c.frame = (CGRect) {{a.bounds.size.width + b.bounds.size.width, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};
