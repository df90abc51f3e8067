@synthesize primary;
@synthesize secondary;
