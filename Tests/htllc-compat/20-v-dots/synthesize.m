@synthesize header;
@synthesize sub;
@synthesize content;
