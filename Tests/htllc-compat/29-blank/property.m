@property (nonatomic, strong) UILabel * hello;
@property (nonatomic, strong) UILabel * world;
