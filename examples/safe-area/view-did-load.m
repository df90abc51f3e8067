header = [[UILabel alloc] init];
[self.view addSubview:header];
compose = [UIButton buttonWithType:UIButtonTypeRoundedRect];
[self.view addSubview:compose];
[compose addTarget:self action:@selector(compose:) forControlEvents:UIControlEventTouchUpInside];
messages = [[UITableView alloc] init];
[self.view addSubview:messages];
