@property (nonatomic, strong) UIButton * go;
@property (nonatomic, strong) UISlider * s;
