@synthesize name;
@synthesize mail;
