primary = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:primary];
secondary = [UIButton buttonWithType:UIButtonTypeDetailDisclosure];
[self.view addSubview:secondary];
