[s setDividerImage:[UIImage imageNamed:@"d.png"] forLeftSegmentState:UIControlStateNormal rightSegmentState:UIControlStateReserved barMetrics:UIBarMetricsDefault];
