@property (nonatomic, strong) UILabel * logo;
@property (nonatomic, strong) UILabel * tagline;
@property (nonatomic, strong) UITextField * user;
@property (nonatomic, strong) UITextField * password;
@property (nonatomic, strong) UIButton * signIn;
@property (nonatomic, strong) UIButton * forgot;
