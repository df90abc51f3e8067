footer = [[UILabel alloc] init];
[self.view addSubview:footer];
second = [[UILabel alloc] init];
[self.view addSubview:second];
overlay = [[UIView alloc] init];
[self.view addSubview:overlay];
first = [[UILabel alloc] init];
[self.view addSubview:first];
