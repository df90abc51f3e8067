@property (nonatomic, strong) UILabel * badge;
@property (nonatomic, strong) UILabel * name;
