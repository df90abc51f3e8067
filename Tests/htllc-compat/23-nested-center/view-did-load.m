card = [[UIView alloc] init];
[self.view addSubview:card];
message = [[UILabel alloc] init];
[self.view addSubview:message];
