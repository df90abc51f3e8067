badge = [[UILabel alloc] init];
[self.view addSubview:badge];
backdrop = [[UIView alloc] init];
[self.view addSubview:backdrop];
