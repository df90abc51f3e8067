@synthesize titleLabel;
@synthesize gears;
@synthesize speedlabel;
@synthesize speedmeter;
@synthesize tacholabel;
@synthesize tachometer;
