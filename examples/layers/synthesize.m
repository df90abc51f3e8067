@synthesize avatar;
@synthesize badge;
@synthesize card;
