label1.frame = (CGRect) {{0, 0}, {0.3 * self.view.bounds.size.width, self.view.bounds.size.height}};
textField2.frame = (CGRect) {{label1.bounds.size.width, 0}, {0.56 * self.view.bounds.size.width, self.view.bounds.size.height}};
button3.frame = (CGRect) {{label1.bounds.size.width + textField2.bounds.size.width, 0}, {0.14 * self.view.bounds.size.width, self.view.bounds.size.height}};
