@synthesize avatar;
@synthesize badge;
@synthesize name;
