@synthesize logo;
@synthesize tagline;
@synthesize user;
@synthesize password;
@synthesize signIn;
@synthesize forgot;
