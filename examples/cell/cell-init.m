UILabel * detail;
UILabel * titleLabel;
UIImageView * icon;
static NSString * CellIdentifier = @"CellIdentifier";
UITableViewCell * cell = [tableView dequeueReusableCellWithIdentifier:CellIdentifier];
if (cell == nil) {
cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:CellIdentifier];
detail = [[UILabel alloc] init];
detail.tag = 100;
[cell.contentView addSubview:detail];
detail.text = @"3.45 : 1";
detail.textColor = [UIColor grayColor];
titleLabel = [[UILabel alloc] init];
titleLabel.tag = 101;
[cell.contentView addSubview:titleLabel];
titleLabel.text = @"Gear ratio";
titleLabel.font = [UIFont boldSystemFontOfSize:17];
icon = [[UIImageView alloc] init];
icon.tag = 102;
[cell.contentView addSubview:icon];
icon.image = [UIImage imageNamed:@"gear.png"];
} else {
detail = (UILabel *)[cell.contentView viewWithTag:100];
titleLabel = (UILabel *)[cell.contentView viewWithTag:101];
icon = (UIImageView *)[cell.contentView viewWithTag:102];
}
