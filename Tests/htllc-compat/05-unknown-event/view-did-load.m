save = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:save];
[save addTarget:self action:@selector(save:) forControlEvents:UIControlEventTouchUpInside];
flick = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:flick];
[flick addTarget:self action:@selector(flicked:) forControlEvents:UIControlEventAllEvents];
