@property (nonatomic, strong) UITextField * field;
@property (nonatomic, strong) UIButton * cancel;
