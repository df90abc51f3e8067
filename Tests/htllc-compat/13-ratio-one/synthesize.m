@synthesize all;
@synthesize none;
