@synthesize t;
@synthesize al;
@synthesize x;
