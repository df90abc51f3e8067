@property (nonatomic, strong) UILabel * label1;
