label1.text = @"Hello World";
label1.textColor = [UIColor redColor];
