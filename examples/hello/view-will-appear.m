label1.text = @"Hello World";
