card = [[UIView alloc] init];
[self.view addSubview:card];
avatar = [[UIImageView alloc] init];
[self.view addSubview:avatar];
badge = [[UILabel alloc] init];
[self.view addSubview:badge];
