[primary sizeToFit];
primary.frame = (CGRect) {{0, 0}, {primary.bounds.size.width, self.view.bounds.size.height}};
secondary.frame = (CGRect) {{12 + primary.bounds.size.width, 0}, {self.view.bounds.size.width - 12 - primary.bounds.size.width, self.view.bounds.size.height}};
