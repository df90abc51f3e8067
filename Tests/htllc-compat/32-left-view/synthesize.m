@synthesize glass;
@synthesize search;
