[go sizeToFit];
go.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, go.bounds.size.height}};
s.frame = (CGRect) {{0, 10 + go.bounds.size.height}, {self.view.bounds.size.width, self.view.bounds.size.height - 10 - go.bounds.size.height}};
