panel.autoresizingMask = UIViewAutoresizingNone;
panel.backgroundColor = [UIColor whiteColor];
caption.text = @"Caption";
caption.baselineAdjustment = UIBaselineAdjustmentNone;
caption.numberOfLines = 2;
