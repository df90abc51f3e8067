[primary setTitle:@"Continue" forState:UIControlStateNormal];
[primary setTitle:@"Wait" forState:UIControlStateDisabled];
[primary setTitleColor:[UIColor whiteColor] forState:UIControlStateNormal];
[primary setTitleColor:[UIColor lightGrayColor] forState:UIControlStateHighlighted];
primary.backgroundColor = [UIColor blueColor];
primary.enabled = YES;
