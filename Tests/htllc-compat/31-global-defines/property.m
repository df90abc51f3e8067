@property (nonatomic, strong) UILabel * title;
@property (nonatomic, strong) UILabel * banner;
@property (nonatomic, strong) UITableView * events;
