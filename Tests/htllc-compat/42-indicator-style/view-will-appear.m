s.indicatorStyle = UIScrollViewIndicatorStyleDefault;
