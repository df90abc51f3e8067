[header sizeToFit];
header.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, header.bounds.size.height}};
[greeting sizeToFit];
greeting.frame = (CGRect) {{0, 16 + header.bounds.size.height}, {self.view.bounds.size.width, greeting.bounds.size.height}};
[note sizeToFit];
note.frame = (CGRect) {{0, 32 + header.bounds.size.height + greeting.bounds.size.height}, {self.view.bounds.size.width, note.bounds.size.height}};
