@property (nonatomic, strong) UIButton * primary;
@property (nonatomic, strong) UIButton * secondary;
