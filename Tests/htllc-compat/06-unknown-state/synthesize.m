@synthesize go;
