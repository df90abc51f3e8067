glass.image = [UIImage imageNamed:@"glass.png"];
search.placeholder = @"Search";
search.leftView = glass;
search.leftViewMode = UITextFieldViewModeAlways;
