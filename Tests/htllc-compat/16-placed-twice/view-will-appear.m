logo.text = @"Logo";
other.text = @"Other";
