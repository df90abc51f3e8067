@property (nonatomic, strong) UIScrollView * s;
