@synthesize label1;
@synthesize textField2;
@synthesize button3;
