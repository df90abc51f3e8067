@property (nonatomic, strong) UILabel * greeting;
@property (nonatomic, strong) UITextField * name;
@property (nonatomic, strong) UILabel * echo;
@property (nonatomic, strong) UISlider * volume;
@property (nonatomic, strong) UIButton * save;
