seg.segmentedControlStyle = UISegmentedControlStylePlain;
[seg setBackgroundImage:[UIImage imageNamed:@"bg.png"] forState:UIControlStateNormal barMetrics:UIBarMetricsDefault];
