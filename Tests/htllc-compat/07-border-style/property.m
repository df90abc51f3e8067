@property (nonatomic, strong) UITextField * name;
@property (nonatomic, strong) UITextField * mail;
