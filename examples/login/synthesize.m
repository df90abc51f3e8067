@synthesize heading;
@synthesize user;
@synthesize password;
@synthesize signIn;
@synthesize forgot;
