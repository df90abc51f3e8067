[avatar sizeToFit];
avatar.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, avatar.bounds.size.height}};
[badge sizeToFit];
badge.frame = (CGRect) {{0, -12 + avatar.bounds.size.height}, {badge.bounds.size.width, self.view.bounds.size.height + 12 - avatar.bounds.size.height}};
name.frame = (CGRect) {{-6 + badge.bounds.size.width, -12 + avatar.bounds.size.height}, {self.view.bounds.size.width + 6 - badge.bounds.size.width, self.view.bounds.size.height + 12 - avatar.bounds.size.height}};
