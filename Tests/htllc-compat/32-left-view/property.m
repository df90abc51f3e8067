@property (nonatomic, strong) UIImageView * glass;
@property (nonatomic, strong) UITextField * search;
