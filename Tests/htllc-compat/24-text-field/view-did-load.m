field = [[UITextField alloc] init];
[self.view addSubview:field];
[field addTarget:self action:@selector(searchChanged:) forControlEvents:UIControlEventEditingChanged];
cancel = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:cancel];
