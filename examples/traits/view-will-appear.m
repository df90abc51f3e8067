photo.backgroundColor = [UIColor lightGrayColor];
title.text = @"Golden Gate Bridge";
title.font = [UIFont boldSystemFontOfSize:20];
body.text = @"A suspension bridge spanning the Golden Gate strait.";
caption.text = @"Photo: Rich Niewiroski";
