@synthesize photo;
@synthesize title;
@synthesize body;
@synthesize caption;
