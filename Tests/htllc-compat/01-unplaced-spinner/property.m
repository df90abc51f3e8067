@property (nonatomic, strong) UIView * spinner;
@property (nonatomic, strong) UILabel * title;
