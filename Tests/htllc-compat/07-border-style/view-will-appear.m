name.placeholder = @"Name";
name.borderStyle = UITextBorderStyleNone;
mail.placeholder = @"Mail";
mail.borderStyle = UITextBorderStyleLine;
mail.clearButtonMode = UITextFieldViewModeNever;
mail.leftViewMode = UITextFieldViewModeAlways;
