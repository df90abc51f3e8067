[b setTitle:@"x" forState:UIControlStateNormal];
