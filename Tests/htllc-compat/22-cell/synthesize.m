@synthesize icon;
@synthesize title;
@synthesize detail;
