label1 = [[UILabel alloc] init];
[self.view addSubview:label1];
textField2 = [[UITextField alloc] init];
[self.view addSubview:textField2];
button3 = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:button3];
