glass = [[UIImageView alloc] init];
search = [[UITextField alloc] init];
[self.view addSubview:search];
