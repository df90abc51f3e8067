go = [UIButton buttonWithType:UIButtonTypeRoundedRect];
[self.view addSubview:go];
