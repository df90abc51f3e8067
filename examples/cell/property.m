@property (nonatomic, strong) UILabel * detail;
@property (nonatomic, strong) UILabel * title;
@property (nonatomic, strong) UIImageView * icon;
