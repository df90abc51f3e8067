[back setTitle:@"Back" forState:UIControlStateNormal];
title.text = @"Title";
title.textAlignment = NSTextAlignmentCenter;
[edit setTitle:@"Edit" forState:UIControlStateNormal];
toolbar.text = @"Toolbar";
