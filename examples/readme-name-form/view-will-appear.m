label1.text = @"Name";
