@synthesize titleLabel;
@synthesize summary;
@synthesize details;
@synthesize share;
