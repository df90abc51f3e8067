photo = [[UIImageView alloc] init];
[self.view addSubview:photo];
titleLabel = [[UILabel alloc] init];
[self.view addSubview:titleLabel];
body = [[UITextView alloc] init];
[self.view addSubview:body];
caption = [[UILabel alloc] init];
[self.view addSubview:caption];
picture = photo;
