@property (nonatomic, strong) UIImageView * icon;
@property (nonatomic, strong) UILabel * title;
@property (nonatomic, strong) UILabel * detail;
