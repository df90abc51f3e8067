@synthesize tachometer;
@synthesize tacholabel;
@synthesize speedmeter;
@synthesize speedlabel;
@synthesize gears;
@synthesize titleLabel;
