b = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:b];
[b addTarget:self action:@selector(tap:) forControlEvents:UIControlEventAllEvents];
