mode = [[UISegmentedControl alloc] initWithItems:[NSArray arrayWithObjects:@"Day", @"Week", @"Month", nil]];
[self.view addSubview:mode];
body = [[UIView alloc] init];
[self.view addSubview:body];
