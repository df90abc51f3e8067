@property (nonatomic, strong) UILabel * detail;
@property (nonatomic, strong) UILabel * titleLabel;
@property (nonatomic, strong) UIImageView * icon;
