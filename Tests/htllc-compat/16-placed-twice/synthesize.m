@synthesize logo;
@synthesize other;
