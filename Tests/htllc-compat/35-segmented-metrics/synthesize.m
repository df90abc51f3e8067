@synthesize seg;
