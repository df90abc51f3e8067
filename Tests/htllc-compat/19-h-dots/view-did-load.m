icon = [[UIImageView alloc] init];
[self.view addSubview:icon];
title = [[UILabel alloc] init];
[self.view addSubview:title];
detail = [[UILabel alloc] init];
[self.view addSubview:detail];
