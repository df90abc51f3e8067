hello = [[UILabel alloc] init];
[self.view addSubview:hello];
world = [[UILabel alloc] init];
[self.view addSubview:world];
