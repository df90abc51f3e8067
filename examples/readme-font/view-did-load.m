label1 = [[UILabel alloc] init];
[self.view addSubview:label1];
