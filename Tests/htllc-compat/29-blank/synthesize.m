@synthesize hello;
@synthesize world;
