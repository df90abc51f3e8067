@property (nonatomic, strong) UITableView * list;
