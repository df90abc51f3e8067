hiddenTop = [[UILabel alloc] init];
[self.view addSubview:hiddenTop];
rest = [[UILabel alloc] init];
[self.view addSubview:rest];
