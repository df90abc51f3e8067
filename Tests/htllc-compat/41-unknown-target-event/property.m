@property (nonatomic, strong) UIButton * b;
