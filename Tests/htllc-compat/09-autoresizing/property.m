@property (nonatomic, strong) UIView * panel;
@property (nonatomic, strong) UILabel * caption;
