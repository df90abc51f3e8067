@property (nonatomic, strong) UILabel * all;
@property (nonatomic, strong) UILabel * none;
