[name sizeToFit];
name.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, name.bounds.size.height}};
[mail sizeToFit];
mail.frame = (CGRect) {{0, 8 + name.bounds.size.height}, {self.view.bounds.size.width, mail.bounds.size.height}};
