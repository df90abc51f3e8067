t = [[UILabel alloc] init];
[self.view addSubview:t];
al = t;
x = [[UILabel alloc] init];
[self.view addSubview:x];
