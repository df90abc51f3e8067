UILabel * badge;
UILabel * name;
static NSString * CellIdentifier = @"CellIdentifier";
UITableViewCell * cell = [tableView dequeueReusableCellWithIdentifier:CellIdentifier];
if (cell == nil) {
cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:CellIdentifier];
badge = [[UILabel alloc] init];
badge.tag = 100;
[cell.contentView addSubview:badge];
badge.text = @"9";
name = [[UILabel alloc] init];
name.tag = 101;
[cell.contentView addSubview:name];
name.text = @"N";
} else {
badge = (UILabel *)[cell.contentView viewWithTag:100];
name = (UILabel *)[cell.contentView viewWithTag:101];
}
