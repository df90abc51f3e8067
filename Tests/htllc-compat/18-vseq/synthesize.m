@synthesize one;
@synthesize two;
@synthesize three;
@synthesize four;
