dot = [[UIView alloc] init];
[self.view addSubview:dot];
