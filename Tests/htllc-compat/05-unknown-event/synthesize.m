@synthesize save;
@synthesize flick;
