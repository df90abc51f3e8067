UILabel * name;
UILabel * badge;
UILabel * title;
static NSString * CellIdentifier = @"CellIdentifier";
UITableViewCell * cell = [tableView dequeueReusableCellWithIdentifier:CellIdentifier];
if (cell == nil) {
cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:CellIdentifier];
name = [[UILabel alloc] init];
name.tag = 100;
[cell.contentView addSubview:name];
name.text = @"N";
badge = [[UILabel alloc] init];
badge.tag = 101;
[cell.contentView addSubview:badge];
badge.text = @"9";
title = name;
} else {
name = (UILabel *)[cell.contentView viewWithTag:100];
badge = (UILabel *)[cell.contentView viewWithTag:101];
title = name;
}
