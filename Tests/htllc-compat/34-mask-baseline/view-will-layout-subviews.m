[box sizeToFit];
box.frame = (CGRect) {{0, 0}, {box.bounds.size.width, self.view.bounds.size.height}};
t.frame = (CGRect) {{0.3 + box.bounds.size.width, 0}, {self.view.bounds.size.width - 0.3 - box.bounds.size.width, self.view.bounds.size.height}};
