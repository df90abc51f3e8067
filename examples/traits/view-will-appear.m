photo.backgroundColor = [UIColor lightGrayColor];
titleLabel.text = @"Golden Gate Bridge";
titleLabel.font = [UIFont boldSystemFontOfSize:20];
body.text = @"A suspension bridge spanning the Golden Gate strait.";
caption.text = @"Photo: Rich Niewiroski";
