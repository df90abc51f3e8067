[cancel sizeToFit];
field.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width - 8 - cancel.bounds.size.width, self.view.bounds.size.height}};
cancel.frame = (CGRect) {{8 + field.bounds.size.width, 0}, {self.view.bounds.size.width - 8 - field.bounds.size.width, self.view.bounds.size.height}};
