@synthesize card;
@synthesize message;
