@synthesize title;
@synthesize overlay;
@synthesize same;
