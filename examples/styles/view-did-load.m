titleLabel = [[UILabel alloc] init];
[self.view addSubview:titleLabel];
summary = [[UILabel alloc] init];
[self.view addSubview:summary];
details = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:details];
[details addTarget:self action:@selector(showDetails:) forControlEvents:UIControlEventTouchUpInside];
share = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:share];
