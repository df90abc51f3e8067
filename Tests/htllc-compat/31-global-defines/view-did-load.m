title = [[UILabel alloc] init];
[self.view addSubview:title];
banner = [[UILabel alloc] init];
[self.view addSubview:banner];
events = [[UITableView alloc] init];
[self.view addSubview:events];
