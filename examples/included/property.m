@property (nonatomic, strong) UILabel * header;
@property (nonatomic, strong) UILabel * greeting;
@property (nonatomic, strong) UILabel * note;
