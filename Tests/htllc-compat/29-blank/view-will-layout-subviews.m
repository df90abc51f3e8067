hello.frame = (CGRect) {{0, 0}, {0.3 * self.view.bounds.size.width, self.view.bounds.size.height}};
world.frame = (CGRect) {{hello.bounds.size.width + 0.35 * self.view.bounds.size.width, 0}, {0.35 * self.view.bounds.size.width, self.view.bounds.size.height}};
