label1 = [[UILabel alloc] init];
[self.view addSubview:label1];
label2 = [[UILabel alloc] init];
[self.view addSubview:label2];
label3 = [[UILabel alloc] init];
[self.view addSubview:label3];
