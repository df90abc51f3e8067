@property (nonatomic, strong) UIImageView * photo;
@property (nonatomic, strong) UILabel * caption;
