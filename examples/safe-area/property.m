@property (nonatomic, strong) UILabel * header;
@property (nonatomic, strong) UIButton * compose;
@property (nonatomic, strong) UITableView * messages;
