d = [[UIView alloc] init];
[self.view addSubview:d];
