@synthesize title;
@synthesize summary;
@synthesize details;
@synthesize share;
