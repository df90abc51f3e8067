footer.text = @"v1.0";
second.text = @"Second";
overlay.hidden = YES;
first.text = @"First";
