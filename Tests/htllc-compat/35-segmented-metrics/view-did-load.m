seg = [[UISegmentedControl alloc] initWithItems:[NSArray arrayWithObjects:@"A", @"B", nil]];
[self.view addSubview:seg];
