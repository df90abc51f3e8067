label1.frame = (CGRect) {{0, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};
label2.frame = (CGRect) {{label1.bounds.size.width, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};
label3.frame = (CGRect) {{label1.bounds.size.width + label2.bounds.size.width, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};
