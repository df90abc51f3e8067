[one setTitle:@"One" forState:UIControlStateNormal];
[two setTitle:@"Two" forState:UIControlStateNormal];
[three setTitle:@"Three" forState:UIControlStateNormal];
[four setTitle:@"Four" forState:UIControlStateNormal];
