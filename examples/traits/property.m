@property (nonatomic, strong) UIImageView * photo;
@property (nonatomic, strong) UILabel * titleLabel;
@property (nonatomic, strong) UITextView * body;
@property (nonatomic, strong) UILabel * caption;
@property (nonatomic, strong) UIImageView * picture;
