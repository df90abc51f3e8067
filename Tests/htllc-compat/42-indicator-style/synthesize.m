@synthesize s;
