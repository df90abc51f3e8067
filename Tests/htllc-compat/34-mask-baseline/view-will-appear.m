t.text = @"x";
t.baselineAdjustment = UIBaselineAdjustmentNone;
box.autoresizingMask = UIViewAutoresizingNone;
