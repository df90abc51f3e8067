@property (nonatomic, strong) UILabel * t;
@property (nonatomic, strong) UILabel * al;
@property (nonatomic, strong) UILabel * x;
