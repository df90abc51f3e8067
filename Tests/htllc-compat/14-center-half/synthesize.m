@synthesize dot;
