[save setTitle:@"Save" forState:UIControlStateNormal];
[pad setTitle:@"Hold" forState:UIControlStateNormal];
pad.backgroundColor = [UIColor lightGrayColor];
volume.value = 0.5;
[cancel setTitle:@"Cancel" forState:UIControlStateNormal];
