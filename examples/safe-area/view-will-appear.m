header.text = @"Inbox";
header.font = [UIFont boldSystemFontOfSize:28];
[compose setTitle:@"Compose" forState:UIControlStateNormal];
