list = [[UITableView alloc] init];
[self.view addSubview:list];
list.dataSource = self;
list.delegate = self;
