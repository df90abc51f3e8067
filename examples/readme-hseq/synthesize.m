@synthesize label1;
@synthesize label2;
@synthesize label3;
