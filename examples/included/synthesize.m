@synthesize header;
@synthesize greeting;
@synthesize note;
