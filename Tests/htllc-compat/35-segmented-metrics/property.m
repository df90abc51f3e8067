@property (nonatomic, strong) UISegmentedControl * seg;
