@property (nonatomic, strong) UIButton * back;
@property (nonatomic, strong) UILabel * title;
@property (nonatomic, strong) UIButton * edit;
@property (nonatomic, strong) UIView * content;
@property (nonatomic, strong) UILabel * toolbar;
