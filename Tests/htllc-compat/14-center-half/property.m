@property (nonatomic, strong) UIView * dot;
