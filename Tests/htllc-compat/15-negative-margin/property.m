@property (nonatomic, strong) UIImageView * avatar;
@property (nonatomic, strong) UILabel * badge;
@property (nonatomic, strong) UILabel * name;
