@property (nonatomic, strong) UISegmentedControl * mode;
@property (nonatomic, strong) UIView * body;
