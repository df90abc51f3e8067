logo = [[UILabel alloc] init];
[self.view addSubview:logo];
other = [[UILabel alloc] init];
[self.view addSubview:other];
