@synthesize back;
@synthesize title;
@synthesize edit;
@synthesize content;
@synthesize toolbar;
