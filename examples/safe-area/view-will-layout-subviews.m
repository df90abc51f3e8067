[compose sizeToFit];
[header sizeToFit];
header.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 8 - compose.bounds.size.width, header.bounds.size.height}};
compose.frame = (CGRect) {{self.view.safeAreaInsets.left + 8 + header.bounds.size.width, self.view.safeAreaInsets.top}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 8 - header.bounds.size.width, compose.bounds.size.height}};
messages.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top + 8 + MAX(header.bounds.size.height, compose.bounds.size.height)}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right, self.view.bounds.size.height - self.view.safeAreaInsets.top - self.view.safeAreaInsets.bottom - 8 - MAX(header.bounds.size.height, compose.bounds.size.height)}};
