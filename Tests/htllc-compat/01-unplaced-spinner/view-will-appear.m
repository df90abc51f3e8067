spinner.hidden = YES;
spinner.backgroundColor = [UIColor grayColor];
title.text = @"Inbox";
