hello.text = @"Hello";
world.text = @"World";
