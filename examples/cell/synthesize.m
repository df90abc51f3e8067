@synthesize detail;
@synthesize title;
@synthesize icon;
