@synthesize field;
@synthesize cancel;
