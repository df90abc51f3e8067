@synthesize label1;
