@property (nonatomic, strong) UIView * card;
@property (nonatomic, strong) UILabel * message;
