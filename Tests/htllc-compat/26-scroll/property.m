@property (nonatomic, strong) UIScrollView * pages;
