avatar = [[UIImageView alloc] init];
[self.view addSubview:avatar];
badge = [[UILabel alloc] init];
[self.view addSubview:badge];
name = [[UILabel alloc] init];
[self.view addSubview:name];
