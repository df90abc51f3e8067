notes = [[UITextView alloc] init];
[self.view addSubview:notes];
