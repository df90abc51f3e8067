@synthesize tabs;
@synthesize list;
