@synthesize card;
@synthesize avatar;
@synthesize badge;
