@synthesize name;
@synthesize badge;
@synthesize title;
