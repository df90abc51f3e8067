@synthesize mode;
@synthesize body;
