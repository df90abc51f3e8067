@synthesize badge;
@synthesize name;
