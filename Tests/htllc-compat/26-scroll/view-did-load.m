pages = [[UIScrollView alloc] init];
[self.view addSubview:pages];
