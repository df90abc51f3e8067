t = [[UILabel alloc] init];
[self.view addSubview:t];
box = [[UIView alloc] init];
[self.view addSubview:box];
