if (self.view.bounds.size.width <= self.view.bounds.size.height && self.view.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassCompact) {
    caption.hidden = YES;
    photo.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right, 0.5 * self.view.bounds.size.height - 0.5 * self.view.safeAreaInsets.top - 0.5 * self.view.safeAreaInsets.bottom}};
    [titleLabel sizeToFit];
    titleLabel.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top + photo.bounds.size.height}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right, titleLabel.bounds.size.height}};
    body.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top + photo.bounds.size.height + 8 + titleLabel.bounds.size.height}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right, 0.5 * self.view.bounds.size.height - 0.5 * self.view.safeAreaInsets.top - 0.5 * self.view.safeAreaInsets.bottom - 8 - titleLabel.bounds.size.height}};
} else if (self.view.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassCompact) {
    caption.hidden = YES;
    photo.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top}, {0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.left - 0.4 * self.view.safeAreaInsets.right, self.view.bounds.size.height - self.view.safeAreaInsets.top - self.view.safeAreaInsets.bottom}};
    [titleLabel sizeToFit];
    titleLabel.frame = (CGRect) {{self.view.safeAreaInsets.left + photo.bounds.size.width, self.view.safeAreaInsets.top}, {0.6 * self.view.bounds.size.width - 0.6 * self.view.safeAreaInsets.left - 0.6 * self.view.safeAreaInsets.right, titleLabel.bounds.size.height}};
    body.frame = (CGRect) {{self.view.safeAreaInsets.left + photo.bounds.size.width, self.view.safeAreaInsets.top + 8 + titleLabel.bounds.size.height}, {0.6 * self.view.bounds.size.width - 0.6 * self.view.safeAreaInsets.left - 0.6 * self.view.safeAreaInsets.right, self.view.bounds.size.height - self.view.safeAreaInsets.top - self.view.safeAreaInsets.bottom - 8 - titleLabel.bounds.size.height}};
} else if (self.view.bounds.size.width > self.view.bounds.size.height) {
    caption.hidden = NO;
    [caption sizeToFit];
    photo.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top}, {0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.left - 0.4 * self.view.safeAreaInsets.right, self.view.bounds.size.height - self.view.safeAreaInsets.top - self.view.safeAreaInsets.bottom - 4 - caption.bounds.size.height}};
    caption.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top + 4 + photo.bounds.size.height}, {0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.left - 0.4 * self.view.safeAreaInsets.right, self.view.bounds.size.height - self.view.safeAreaInsets.top - self.view.safeAreaInsets.bottom - 4 - photo.bounds.size.height}};
    [titleLabel sizeToFit];
    titleLabel.frame = (CGRect) {{0.6 * self.view.safeAreaInsets.left + 0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.right, self.view.safeAreaInsets.top}, {0.6 * self.view.bounds.size.width - 0.6 * self.view.safeAreaInsets.left - 0.6 * self.view.safeAreaInsets.right, titleLabel.bounds.size.height}};
    body.frame = (CGRect) {{0.6 * self.view.safeAreaInsets.left + 0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.right, self.view.safeAreaInsets.top + 8 + titleLabel.bounds.size.height}, {0.6 * self.view.bounds.size.width - 0.6 * self.view.safeAreaInsets.left - 0.6 * self.view.safeAreaInsets.right, self.view.bounds.size.height - self.view.safeAreaInsets.top - self.view.safeAreaInsets.bottom - 8 - titleLabel.bounds.size.height}};
} else {
    caption.hidden = NO;
    [caption sizeToFit];
    photo.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right, 0.5 * self.view.bounds.size.height - 0.5 * self.view.safeAreaInsets.top - 0.5 * self.view.safeAreaInsets.bottom - 4 - caption.bounds.size.height}};
    caption.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top + 4 + photo.bounds.size.height}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right, 0.5 * self.view.bounds.size.height - 0.5 * self.view.safeAreaInsets.top - 0.5 * self.view.safeAreaInsets.bottom - 4 - photo.bounds.size.height}};
    [titleLabel sizeToFit];
    titleLabel.frame = (CGRect) {{self.view.safeAreaInsets.left, 0.5 * self.view.safeAreaInsets.top + 0.5 * self.view.bounds.size.height - 0.5 * self.view.safeAreaInsets.bottom}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right, titleLabel.bounds.size.height}};
    body.frame = (CGRect) {{self.view.safeAreaInsets.left, 0.5 * self.view.safeAreaInsets.top + 0.5 * self.view.bounds.size.height - 0.5 * self.view.safeAreaInsets.bottom + 8 + titleLabel.bounds.size.height}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right, 0.5 * self.view.bounds.size.height - 0.5 * self.view.safeAreaInsets.top - 0.5 * self.view.safeAreaInsets.bottom - 8 - titleLabel.bounds.size.height}};
}
