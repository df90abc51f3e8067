@synthesize icon;
@synthesize titleLabel;
@synthesize detail;
