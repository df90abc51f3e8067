@synthesize detail;
@synthesize titleLabel;
@synthesize icon;
