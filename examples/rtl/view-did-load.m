avatar = [[UIImageView alloc] init];
[self.view addSubview:avatar];
name = [[UILabel alloc] init];
[self.view addSubview:name];
time = [[UILabel alloc] init];
[self.view addSubview:time];
message = [[UILabel alloc] init];
[self.view addSubview:message];
