@synthesize list;
