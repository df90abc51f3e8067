@property (nonatomic, strong) UIButton * save;
@property (nonatomic, strong) UIButton * flick;
