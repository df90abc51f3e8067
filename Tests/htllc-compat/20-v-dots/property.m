@property (nonatomic, strong) UILabel * header;
@property (nonatomic, strong) UILabel * sub;
@property (nonatomic, strong) UITextView * content;
