@property (nonatomic, strong) UILabel * t;
@property (nonatomic, strong) UIView * box;
