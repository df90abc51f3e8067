@property (nonatomic, strong) UITextView * notes;
