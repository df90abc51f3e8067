panel = [[UIView alloc] init];
[self.view addSubview:panel];
caption = [[UILabel alloc] init];
[self.view addSubview:caption];
