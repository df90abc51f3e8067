@synthesize price;
@synthesize perMonth;
@synthesize badge;
@synthesize plan;
@synthesize change_;
