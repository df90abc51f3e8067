label1.text = @"Hello World";
label1.textColor = [UIColor colorWithRed:1 green:0 blue:0 alpha:1];
