@property (nonatomic, strong) UIImageView * avatar;
@property (nonatomic, strong) UILabel * name;
@property (nonatomic, strong) UILabel * time;
@property (nonatomic, strong) UILabel * message;
