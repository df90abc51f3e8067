@synthesize b;
