photo = [[UIImageView alloc] init];
[self.view addSubview:photo];
picture = photo;
title = [[UILabel alloc] init];
[self.view addSubview:title];
body = [[UITextView alloc] init];
[self.view addSubview:body];
caption = [[UILabel alloc] init];
[self.view addSubview:caption];
