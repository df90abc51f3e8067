@property (nonatomic, strong) UILabel * footer;
@property (nonatomic, strong) UILabel * second;
@property (nonatomic, strong) UIView * overlay;
@property (nonatomic, strong) UILabel * first;
