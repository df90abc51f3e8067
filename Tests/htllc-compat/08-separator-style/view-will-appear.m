list.rowHeight = 44;
list.separatorStyle = UITableViewCellSeparatorStyleNone;
list.allowsSelection = YES;
