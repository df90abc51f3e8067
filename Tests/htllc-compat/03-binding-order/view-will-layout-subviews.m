first.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.3333333333 * self.view.bounds.size.height}};
second.frame = (CGRect) {{0, first.bounds.size.height}, {self.view.bounds.size.width, 0.3333333333 * self.view.bounds.size.height}};
footer.frame = (CGRect) {{0, first.bounds.size.height + second.bounds.size.height}, {self.view.bounds.size.width, 0.3333333333 * self.view.bounds.size.height}};
