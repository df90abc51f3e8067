avatar.image = [UIImage imageNamed:@"avatar.png"];
badge.text = @"1";
name.text = @"Ada";
