avatar.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top}, {44, 44}};
[name sizeToFit];
name.frame = (CGRect) {{self.view.safeAreaInsets.left + 56, self.view.safeAreaInsets.top}, {0.7 * self.view.bounds.size.width - 0.7 * self.view.safeAreaInsets.left - 0.7 * self.view.safeAreaInsets.right - 39.2, name.bounds.size.height}};
[time sizeToFit];
time.frame = (CGRect) {{self.view.safeAreaInsets.left + 56 + name.bounds.size.width, self.view.safeAreaInsets.top}, {0.3 * self.view.bounds.size.width - 0.3 * self.view.safeAreaInsets.left - 0.3 * self.view.safeAreaInsets.right - 16.8, time.bounds.size.height}};
[message sizeToFit];
message.frame = (CGRect) {{self.view.safeAreaInsets.left + 56, self.view.safeAreaInsets.top + MAX(name.bounds.size.height, time.bounds.size.height)}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 56, message.bounds.size.height}};
if ([UIView userInterfaceLayoutDirectionForSemanticContentAttribute:self.view.semanticContentAttribute] == UIUserInterfaceLayoutDirectionRightToLeft) {
    CGFloat htllMirror = self.view.safeAreaInsets.left + self.view.bounds.size.width - self.view.safeAreaInsets.right;
    avatar.frame = (CGRect) {{htllMirror - avatar.frame.origin.x - avatar.frame.size.width, avatar.frame.origin.y}, {avatar.frame.size.width, avatar.frame.size.height}};
    name.frame = (CGRect) {{htllMirror - name.frame.origin.x - name.frame.size.width, name.frame.origin.y}, {name.frame.size.width, name.frame.size.height}};
    time.frame = (CGRect) {{htllMirror - time.frame.origin.x - time.frame.size.width, time.frame.origin.y}, {time.frame.size.width, time.frame.size.height}};
    message.frame = (CGRect) {{htllMirror - message.frame.origin.x - message.frame.size.width, message.frame.origin.y}, {message.frame.size.width, message.frame.size.height}};
}
