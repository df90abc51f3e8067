@synthesize volume;
@synthesize level;
