field.text = @"";
field.placeholder = @"Search";
field.textAlignment = NSTextAlignmentLeft;
field.clearsOnBeginEditing = YES;
field.adjustsFontSizeToFitWidth = YES;
field.minimumFontSize = 10;
field.borderStyle = UITextBorderStyleBezel;
[cancel setTitle:@"Cancel" forState:UIControlStateNormal];
