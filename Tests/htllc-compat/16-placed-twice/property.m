@property (nonatomic, strong) UILabel * logo;
@property (nonatomic, strong) UILabel * other;
