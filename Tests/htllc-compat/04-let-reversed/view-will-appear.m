badge.text = @"3";
badge.textAlignment = NSTextAlignmentCenter;
backdrop.backgroundColor = [UIColor blackColor];
