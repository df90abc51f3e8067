@synthesize greeting;
@synthesize name;
@synthesize echo;
@synthesize volume;
@synthesize save;
