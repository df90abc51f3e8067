price.text = @"$129";
price.font = [UIFont boldSystemFontOfSize:34];
perMonth.text = @"per month";
perMonth.font = [UIFont systemFontOfSize:15];
badge.image = [UIImage imageNamed:@"badge.png"];
plan.text = @"Pro plan";
plan.font = [UIFont systemFontOfSize:17];
[change_ setTitle:@"Change" forState:UIControlStateNormal];
