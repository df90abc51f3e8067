@synthesize footer;
@synthesize second;
@synthesize overlay;
@synthesize first;
