spinner = [[UIView alloc] init];
[self.view addSubview:spinner];
title = [[UILabel alloc] init];
[self.view addSubview:title];
