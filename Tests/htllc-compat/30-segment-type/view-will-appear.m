[tabs setContentPositionAdjustment:UIOffsetMake(2, 0) forSegmentType:UISegmentedControlSegmentAny barMetrics:UIBarMetricsLandscapePhone];
tabs.momentary = YES;
list.indicatorStyle = UIScrollViewIndicatorStyleDefault;
list.separatorStyle = UITableViewCellSeparatorStyleSingleLine;
