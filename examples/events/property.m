@property (nonatomic, strong) UIButton * save;
@property (nonatomic, strong) UIButton * pad;
@property (nonatomic, strong) UISlider * volume;
@property (nonatomic, strong) UIButton * cancel;
