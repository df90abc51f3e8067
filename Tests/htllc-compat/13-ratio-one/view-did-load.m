all = [[UILabel alloc] init];
[self.view addSubview:all];
none = [[UILabel alloc] init];
[self.view addSubview:none];
