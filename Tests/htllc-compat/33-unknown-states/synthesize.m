@synthesize go;
@synthesize s;
