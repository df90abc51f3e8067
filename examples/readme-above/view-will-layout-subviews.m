label1.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};
label2.frame = (CGRect) {{0, label1.bounds.size.height}, {self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};
