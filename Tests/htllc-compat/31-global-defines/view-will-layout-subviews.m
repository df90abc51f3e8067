[title sizeToFit];
title.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, title.bounds.size.height}};
events.frame = (CGRect) {{0, 4 + title.bounds.size.height}, {self.view.bounds.size.width, self.view.bounds.size.height - 4 - title.bounds.size.height}};
