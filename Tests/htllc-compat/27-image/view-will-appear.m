photo.image = [UIImage imageNamed:@"photo.jpg"];
photo.contentMode = UIViewContentModeScaleAspectFill;
photo.clipsToBounds = YES;
caption.text = @"Photo";
caption.numberOfLines = 0;
caption.lineBreakMode = NSLineBreakByWordWrapping;
