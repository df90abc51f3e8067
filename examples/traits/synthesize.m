@synthesize photo;
@synthesize picture;
@synthesize titleLabel;
@synthesize body;
@synthesize caption;
