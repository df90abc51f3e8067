@property (nonatomic, strong) UISegmentedControl * tabs;
@property (nonatomic, strong) UITableView * list;
