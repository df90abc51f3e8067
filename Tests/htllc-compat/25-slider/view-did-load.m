volume = [[UISlider alloc] init];
[self.view addSubview:volume];
[volume addTarget:self action:@selector(volumeChanged:) forControlEvents:UIControlEventValueChanged];
level = [[UILabel alloc] init];
[self.view addSubview:level];
