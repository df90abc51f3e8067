@synthesize hiddenTop;
@synthesize rest;
