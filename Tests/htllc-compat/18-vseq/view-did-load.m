one = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:one];
two = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:two];
three = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:three];
four = [UIButton buttonWithType:UIButtonTypeCustom];
[self.view addSubview:four];
