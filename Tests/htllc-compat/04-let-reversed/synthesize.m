@synthesize badge;
@synthesize backdrop;
