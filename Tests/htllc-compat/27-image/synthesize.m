@synthesize photo;
@synthesize caption;
