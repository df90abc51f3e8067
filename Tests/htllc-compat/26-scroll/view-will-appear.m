pages.pagingEnabled = YES;
pages.bounces = NO;
pages.contentSize = CGSizeMake(1170, 400);
pages.showsHorizontalScrollIndicator = NO;
pages.indicatorStyle = UIScrollViewIndicatorStyleWhite;
