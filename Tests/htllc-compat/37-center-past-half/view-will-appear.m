d.backgroundColor = [UIColor redColor];
