@property (nonatomic, strong) UIButton * go;
