@property (nonatomic, strong) UILabel * name;
@property (nonatomic, strong) UILabel * badge;
@property (nonatomic, strong) UILabel * title;
