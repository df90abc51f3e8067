@property (nonatomic, strong) UISegmentedControl * s;
