title.text = @"T";
overlay.backgroundColor = [UIColor blackColor];
overlay.alpha = 0.5;
