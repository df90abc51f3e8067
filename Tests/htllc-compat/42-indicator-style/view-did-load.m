s = [[UIScrollView alloc] init];
[self.view addSubview:s];
