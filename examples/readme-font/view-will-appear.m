label1.text = @"font";
label1.font = [UIFont systemFontOfSize:[UIFont systemFontSize]];
