UIImageView * icon;
UILabel * title;
UILabel * detail;
static NSString * CellIdentifier = @"CellIdentifier";
UITableViewCell * cell = [tableView dequeueReusableCellWithIdentifier:CellIdentifier];
if (cell == nil) {
cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:CellIdentifier];
icon = [[UIImageView alloc] init];
icon.tag = 100;
[cell.contentView addSubview:icon];
icon.image = [UIImage imageNamed:@"cell.png"];
title = [[UILabel alloc] init];
title.tag = 101;
[cell.contentView addSubview:title];
title.text = @"Title";
detail = [[UILabel alloc] init];
detail.tag = 102;
[cell.contentView addSubview:detail];
detail.text = @"Detail";
detail.textColor = [UIColor grayColor];
} else {
icon = (UIImageView *)[cell.contentView viewWithTag:100];
title = (UILabel *)[cell.contentView viewWithTag:101];
detail = (UILabel *)[cell.contentView viewWithTag:102];
}
