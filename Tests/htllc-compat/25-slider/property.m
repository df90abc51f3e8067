@property (nonatomic, strong) UISlider * volume;
@property (nonatomic, strong) UILabel * level;
