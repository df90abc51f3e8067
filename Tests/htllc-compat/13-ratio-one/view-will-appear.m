all.text = @"All";
none.text = @"None";
