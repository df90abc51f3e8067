logo.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};
other.frame = (CGRect) {{0, logo.bounds.size.height}, {0.5 * self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};
logo.frame = (CGRect) {{other.bounds.size.width, logo.bounds.size.height}, {0.5 * self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};
