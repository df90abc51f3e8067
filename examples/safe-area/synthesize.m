@synthesize header;
@synthesize compose;
@synthesize messages;
