avatar.backgroundColor = [UIColor blueColor];
name.text = @"Layla Haddad";
name.font = [UIFont boldSystemFontOfSize:17];
time.text = @"09:41";
time.textColor = [UIColor grayColor];
message.text = @"See you at the station.";
