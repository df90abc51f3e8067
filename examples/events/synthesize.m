@synthesize save;
@synthesize pad;
@synthesize volume;
@synthesize cancel;
