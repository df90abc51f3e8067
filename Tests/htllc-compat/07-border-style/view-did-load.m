name = [[UITextField alloc] init];
[self.view addSubview:name];
mail = [[UITextField alloc] init];
[self.view addSubview:mail];
