photo = [[UIImageView alloc] init];
[self.view addSubview:photo];
caption = [[UILabel alloc] init];
[self.view addSubview:caption];
