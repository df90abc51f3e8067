if (self.view.bounds.size.width <= self.view.bounds.size.height) {
    [logo sizeToFit];
    logo.frame = (CGRect) {{self.view.safeAreaInsets.left + 20, self.view.safeAreaInsets.top + 20}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 40, logo.bounds.size.height}};
    [tagline sizeToFit];
    tagline.frame = (CGRect) {{self.view.safeAreaInsets.left + 20, self.view.safeAreaInsets.top + 24 + logo.bounds.size.height}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 40, tagline.bounds.size.height}};
    [user sizeToFit];
    user.frame = (CGRect) {{self.view.safeAreaInsets.left + 20, self.view.safeAreaInsets.top + 56 + logo.bounds.size.height + tagline.bounds.size.height}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 40, user.bounds.size.height}};
    [password sizeToFit];
    password.frame = (CGRect) {{self.view.safeAreaInsets.left + 20, self.view.safeAreaInsets.top + 68 + logo.bounds.size.height + tagline.bounds.size.height + user.bounds.size.height}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 40, password.bounds.size.height}};
    [signIn sizeToFit];
    signIn.frame = (CGRect) {{self.view.safeAreaInsets.left + 20, self.view.safeAreaInsets.top + 80 + logo.bounds.size.height + tagline.bounds.size.height + user.bounds.size.height + password.bounds.size.height}, {0.5 * self.view.bounds.size.width - 0.5 * self.view.safeAreaInsets.left - 0.5 * self.view.safeAreaInsets.right - 26, signIn.bounds.size.height}};
    [forgot sizeToFit];
    forgot.frame = (CGRect) {{self.view.safeAreaInsets.left + 32 + signIn.bounds.size.width, self.view.safeAreaInsets.top + 80 + logo.bounds.size.height + tagline.bounds.size.height + user.bounds.size.height + password.bounds.size.height}, {0.5 * self.view.bounds.size.width - 0.5 * self.view.safeAreaInsets.left - 0.5 * self.view.safeAreaInsets.right - 26, forgot.bounds.size.height}};
} else {
    [logo sizeToFit];
    logo.frame = (CGRect) {{self.view.safeAreaInsets.left + 20, 0.7 * self.view.safeAreaInsets.top + 8 + 0.3 * self.view.bounds.size.height - 0.3 * self.view.safeAreaInsets.bottom}, {0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.left - 0.4 * self.view.safeAreaInsets.right - 16, logo.bounds.size.height}};
    [tagline sizeToFit];
    tagline.frame = (CGRect) {{self.view.safeAreaInsets.left + 20, 0.7 * self.view.safeAreaInsets.top + 12 + 0.3 * self.view.bounds.size.height - 0.3 * self.view.safeAreaInsets.bottom + logo.bounds.size.height}, {0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.left - 0.4 * self.view.safeAreaInsets.right - 16, tagline.bounds.size.height}};
    [user sizeToFit];
    [password sizeToFit];
    [signIn sizeToFit];
    [forgot sizeToFit];
    user.frame = (CGRect) {{0.6 * self.view.safeAreaInsets.left + 4 + 0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.right, 0.85 * self.view.safeAreaInsets.top + 14 + 0.15 * self.view.bounds.size.height - 0.15 * self.view.safeAreaInsets.bottom}, {0.6 * self.view.bounds.size.width - 0.6 * self.view.safeAreaInsets.left - 0.6 * self.view.safeAreaInsets.right - 24, user.bounds.size.height}};
    password.frame = (CGRect) {{0.6 * self.view.safeAreaInsets.left + 4 + 0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.right, 0.85 * self.view.safeAreaInsets.top + 26 + 0.15 * self.view.bounds.size.height - 0.15 * self.view.safeAreaInsets.bottom + user.bounds.size.height}, {0.6 * self.view.bounds.size.width - 0.6 * self.view.safeAreaInsets.left - 0.6 * self.view.safeAreaInsets.right - 24, password.bounds.size.height}};
    signIn.frame = (CGRect) {{0.6 * self.view.safeAreaInsets.left + 4 + 0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.right, 0.85 * self.view.safeAreaInsets.top + 38 + 0.15 * self.view.bounds.size.height - 0.15 * self.view.safeAreaInsets.bottom + user.bounds.size.height + password.bounds.size.height}, {0.3 * self.view.bounds.size.width - 0.3 * self.view.safeAreaInsets.left - 0.3 * self.view.safeAreaInsets.right - 18, signIn.bounds.size.height}};
    forgot.frame = (CGRect) {{0.6 * self.view.safeAreaInsets.left + 16 + 0.4 * self.view.bounds.size.width - 0.4 * self.view.safeAreaInsets.right + signIn.bounds.size.width, 0.85 * self.view.safeAreaInsets.top + 38 + 0.15 * self.view.bounds.size.height - 0.15 * self.view.safeAreaInsets.bottom + user.bounds.size.height + password.bounds.size.height}, {0.3 * self.view.bounds.size.width - 0.3 * self.view.safeAreaInsets.left - 0.3 * self.view.safeAreaInsets.right - 18, forgot.bounds.size.height}};
}
