@synthesize avatar;
@synthesize name;
@synthesize time;
@synthesize message;
