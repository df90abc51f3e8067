@property (nonatomic, strong) UIView * d;
