@property (nonatomic, strong) UIView * card;
@property (nonatomic, strong) UIImageView * avatar;
@property (nonatomic, strong) UILabel * badge;
