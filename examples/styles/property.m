@property (nonatomic, strong) UILabel * titleLabel;
@property (nonatomic, strong) UILabel * summary;
@property (nonatomic, strong) UIButton * details;
@property (nonatomic, strong) UIButton * share;
