a.text = @"A";
b.text = @"B";
c.text = @"C";
