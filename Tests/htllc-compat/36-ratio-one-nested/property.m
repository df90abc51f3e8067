@property (nonatomic, strong) UILabel * a;
@property (nonatomic, strong) UILabel * b;
@property (nonatomic, strong) UILabel * c;
