UILabel * label1;
static NSString * CellIdentifier = @"CellIdentifier";
UITableViewCell * cell = [tableView dequeueReusableCellWithIdentifier:CellIdentifier];
if (cell == nil) {
cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:CellIdentifier];
label1 = [[UILabel alloc] init];
label1.tag = 100;
[cell.contentView addSubview:label1];
label1.text = @"Hello World";
} else {
label1 = (UILabel *)[cell.contentView viewWithTag:100];
}
