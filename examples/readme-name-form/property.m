@property (nonatomic, strong) UILabel * label1;
@property (nonatomic, strong) UITextField * textField2;
@property (nonatomic, strong) UIButton * button3;
