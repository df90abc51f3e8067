[tabs sizeToFit];
tabs.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, tabs.bounds.size.height}};
list.frame = (CGRect) {{0, tabs.bounds.size.height}, {self.view.bounds.size.width, self.view.bounds.size.height - tabs.bounds.size.height}};
