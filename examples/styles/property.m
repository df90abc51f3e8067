@property (nonatomic, strong) UILabel * title;
@property (nonatomic, strong) UILabel * summary;
@property (nonatomic, strong) UIButton * details;
@property (nonatomic, strong) UIButton * share;
