title.text = @"Today";
banner.text = @"Offline";
banner.hidden = YES;
events.rowHeight = 60;
