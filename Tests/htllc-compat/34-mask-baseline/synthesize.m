@synthesize t;
@synthesize box;
