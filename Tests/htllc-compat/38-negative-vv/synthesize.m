@synthesize a;
@synthesize b;
@synthesize c;
