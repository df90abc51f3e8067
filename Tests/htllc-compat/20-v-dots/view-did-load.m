header = [[UILabel alloc] init];
[self.view addSubview:header];
sub = [[UILabel alloc] init];
[self.view addSubview:sub];
content = [[UITextView alloc] init];
[self.view addSubview:content];
