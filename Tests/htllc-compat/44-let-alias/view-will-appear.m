t.text = @"T";
x.text = @"X";
