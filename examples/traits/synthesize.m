@synthesize photo;
@synthesize picture;
@synthesize title;
@synthesize body;
@synthesize caption;
