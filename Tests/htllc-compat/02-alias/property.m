@property (nonatomic, strong) UILabel * heading;
@property (nonatomic, strong) UILabel * title;
@property (nonatomic, strong) UILabel * body;
