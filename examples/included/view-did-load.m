header = [[UILabel alloc] init];
[self.view addSubview:header];
greeting = [[UILabel alloc] init];
[self.view addSubview:greeting];
note = [[UILabel alloc] init];
[self.view addSubview:note];
