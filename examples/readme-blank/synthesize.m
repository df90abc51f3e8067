@synthesize label1;
@synthesize label2;
