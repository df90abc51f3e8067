volume.value = 0.5;
volume.minimumValue = 0;
volume.maximumValue = 1;
volume.continuous = NO;
volume.minimumTrackTintColor = [UIColor blueColor];
level.text = @"50%";
level.textAlignment = NSTextAlignmentCenter;
