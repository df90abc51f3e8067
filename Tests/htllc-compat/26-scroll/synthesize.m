@synthesize pages;
