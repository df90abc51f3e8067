header.text = @"Header";
sub.text = @"Sub";
content.text = @"Body";
