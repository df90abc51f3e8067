[titleLabel sizeToFit];
titleLabel.frame = (CGRect) {{0.1 * self.view.bounds.size.width, 0.1 * self.view.bounds.size.height}, {0.8 * self.view.bounds.size.width, titleLabel.bounds.size.height}};
[summary sizeToFit];
summary.frame = (CGRect) {{0.1 * self.view.bounds.size.width, 0.1 * self.view.bounds.size.height + 20 + titleLabel.bounds.size.height}, {0.8 * self.view.bounds.size.width, summary.bounds.size.height}};
[details sizeToFit];
details.frame = (CGRect) {{0.1 * self.view.bounds.size.width, 0.1 * self.view.bounds.size.height + 32 + titleLabel.bounds.size.height + summary.bounds.size.height}, {0.4 * self.view.bounds.size.width, details.bounds.size.height}};
[share sizeToFit];
share.frame = (CGRect) {{0.1 * self.view.bounds.size.width + details.bounds.size.width, 0.1 * self.view.bounds.size.height + 32 + titleLabel.bounds.size.height + summary.bounds.size.height}, {0.4 * self.view.bounds.size.width, share.bounds.size.height}};
