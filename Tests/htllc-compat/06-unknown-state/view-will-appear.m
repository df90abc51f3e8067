[go setTitle:@"Go" forState:UIControlStateNormal];
[go setTitle:@"Going" forState:UIControlStateReserved];
[go setTitleColor:[UIColor redColor] forState:UIControlStateReserved];
