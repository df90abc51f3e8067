@property (nonatomic, strong) UILabel * badge;
@property (nonatomic, strong) UIView * backdrop;
