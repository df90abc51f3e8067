[save setTitle:@"Save" forState:UIControlStateNormal];
[flick setTitle:@"Flick" forState:UIControlStateNormal];
