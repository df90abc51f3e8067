title = [[UILabel alloc] init];
[self.view addSubview:title];
overlay = [[UIView alloc] init];
[self.view addSubview:overlay];
same = title;
