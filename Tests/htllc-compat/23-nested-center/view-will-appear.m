card.backgroundColor = [UIColor whiteColor];
message.text = @"Nothing here";
message.textAlignment = NSTextAlignmentCenter;
