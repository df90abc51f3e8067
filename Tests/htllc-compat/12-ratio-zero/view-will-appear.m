hiddenTop.text = @"Top";
rest.text = @"Rest";
