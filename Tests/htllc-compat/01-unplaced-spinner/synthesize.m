@synthesize spinner;
@synthesize title;
