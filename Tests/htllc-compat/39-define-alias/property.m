@property (nonatomic, strong) UILabel * title;
@property (nonatomic, strong) UIView * overlay;
@property (nonatomic, strong) UILabel * same;
