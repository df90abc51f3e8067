@synthesize photo;
@synthesize titleLabel;
@synthesize body;
@synthesize caption;
@synthesize picture;
