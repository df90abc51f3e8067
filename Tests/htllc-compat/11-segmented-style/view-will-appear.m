mode.selectedSegmentIndex = 0;
mode.segmentedControlStyle = UISegmentedControlStylePlain;
[mode setBackgroundImage:[UIImage imageNamed:@"seg.png"] forState:UIControlStateNormal barMetrics:UIBarMetricsDefault];
