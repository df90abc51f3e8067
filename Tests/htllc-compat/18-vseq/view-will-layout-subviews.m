one.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.25 * self.view.bounds.size.height}};
two.frame = (CGRect) {{0, one.bounds.size.height}, {self.view.bounds.size.width, 0.25 * self.view.bounds.size.height}};
three.frame = (CGRect) {{0, one.bounds.size.height + two.bounds.size.height}, {self.view.bounds.size.width, 0.25 * self.view.bounds.size.height}};
four.frame = (CGRect) {{0, one.bounds.size.height + two.bounds.size.height + three.bounds.size.height}, {self.view.bounds.size.width, 0.25 * self.view.bounds.size.height}};
