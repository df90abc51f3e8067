card.frame = (CGRect) {{0.1 * self.view.bounds.size.width, 0.2 * self.view.bounds.size.height}, {0.8 * self.view.bounds.size.width, 0.48 * self.view.bounds.size.height}};
message.frame = (CGRect) {{0.1 * self.view.bounds.size.width, 0.2 * self.view.bounds.size.height + card.bounds.size.height}, {0.8 * self.view.bounds.size.width, 0.12 * self.view.bounds.size.height}};
