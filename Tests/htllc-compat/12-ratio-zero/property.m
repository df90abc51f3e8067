@property (nonatomic, strong) UILabel * hiddenTop;
@property (nonatomic, strong) UILabel * rest;
