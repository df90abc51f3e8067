dot.backgroundColor = [UIColor redColor];
