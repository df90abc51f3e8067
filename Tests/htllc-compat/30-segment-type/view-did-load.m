tabs = [[UISegmentedControl alloc] initWithItems:[NSArray arrayWithObjects:@"A", @"B", nil]];
[self.view addSubview:tabs];
list = [[UITableView alloc] init];
[self.view addSubview:list];
