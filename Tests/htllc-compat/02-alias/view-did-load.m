heading = [[UILabel alloc] init];
[self.view addSubview:heading];
title = heading;
body = [[UILabel alloc] init];
[self.view addSubview:body];
