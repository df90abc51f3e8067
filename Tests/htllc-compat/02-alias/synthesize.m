@synthesize heading;
@synthesize title;
@synthesize body;
