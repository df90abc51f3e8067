@property (nonatomic, strong) UISlider * tachometer;
@property (nonatomic, strong) UILabel * tacholabel;
@property (nonatomic, strong) UISlider * speedmeter;
@property (nonatomic, strong) UILabel * speedlabel;
@property (nonatomic, strong) UISegmentedControl * gears;
@property (nonatomic, strong) UILabel * titleLabel;
