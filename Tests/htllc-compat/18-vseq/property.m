@property (nonatomic, strong) UIButton * one;
@property (nonatomic, strong) UIButton * two;
@property (nonatomic, strong) UIButton * three;
@property (nonatomic, strong) UIButton * four;
