[icon sizeToFit];
icon.frame = (CGRect) {{0, 0}, {icon.bounds.size.width, self.view.bounds.size.height}};
[title sizeToFit];
title.frame = (CGRect) {{icon.bounds.size.width, 0}, {title.bounds.size.width, self.view.bounds.size.height}};
detail.frame = (CGRect) {{icon.bounds.size.width + title.bounds.size.width, 0}, {self.view.bounds.size.width - icon.bounds.size.width - title.bounds.size.width, self.view.bounds.size.height}};
