@property (nonatomic, strong) UILabel * label1;
@property (nonatomic, strong) UILabel * label2;
