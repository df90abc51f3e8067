@synthesize title;
@synthesize banner;
@synthesize events;
