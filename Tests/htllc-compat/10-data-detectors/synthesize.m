@synthesize notes;
