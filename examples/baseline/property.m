@property (nonatomic, strong) UILabel * price;
@property (nonatomic, strong) UILabel * perMonth;
@property (nonatomic, strong) UIImageView * badge;
@property (nonatomic, strong) UILabel * plan;
@property (nonatomic, strong) UIButton * change_;
