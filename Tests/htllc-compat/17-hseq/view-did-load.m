a = [[UILabel alloc] init];
[self.view addSubview:a];
b = [[UILabel alloc] init];
[self.view addSubview:b];
c = [[UILabel alloc] init];
[self.view addSubview:c];
