@synthesize d;
