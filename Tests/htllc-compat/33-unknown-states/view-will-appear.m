[go setTitle:@"Go" forState:UIControlStateReserved];
[go setTitleColor:[UIColor blueColor] forState:UIControlStateReserved];
[s setThumbImage:[UIImage imageNamed:@"t.png"] forState:UIControlStateReserved];
