label1.text = @"Hello";
label2.text = @"World";
