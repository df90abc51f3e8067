avatar.frame = (CGRect) {{0.1 * self.view.bounds.size.width, 0.1 * self.view.bounds.size.height}, {60, 60}};
[badge sizeToFit];
badge.frame = (CGRect) {{0.1 * self.view.bounds.size.width, 0.1 * self.view.bounds.size.height + 68}, {0.8 * self.view.bounds.size.width, badge.bounds.size.height}};
card.frame = (CGRect) {{0.1 * self.view.bounds.size.width, 0.1 * self.view.bounds.size.height + 76 + badge.bounds.size.height}, {0.8 * self.view.bounds.size.width, 0.8 * self.view.bounds.size.height - 76 - badge.bounds.size.height}};
