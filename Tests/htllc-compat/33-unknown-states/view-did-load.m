go = [UIButton buttonWithType:UIButtonTypeRoundedRect];
[self.view addSubview:go];
s = [[UISlider alloc] init];
[self.view addSubview:s];
