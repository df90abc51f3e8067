@synthesize panel;
@synthesize caption;
