icon.image = [UIImage imageNamed:@"icon.png"];
title.text = @"Title";
detail.text = @"Detail";
detail.textAlignment = NSTextAlignmentRight;
