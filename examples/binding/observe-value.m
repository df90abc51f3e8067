if (object == self && [keyPath isEqualToString:@"user.greeting"]) {
    id htllValue = [self valueForKeyPath:@"user.greeting"];
    [greeting setValue:htllValue forKey:@"text"];
} else if (object == self && [keyPath isEqualToString:@"user.name"]) {
    id htllValue = [self valueForKeyPath:@"user.name"];
    if (![[name valueForKey:@"text"] isEqual:htllValue]) [name setValue:htllValue forKey:@"text"];
    [echo setValue:htllValue forKey:@"text"];
} else if (object == self && [keyPath isEqualToString:@"settings.volume"]) {
    id htllValue = [self valueForKeyPath:@"settings.volume"];
    [volume setValue:htllValue forKey:@"value"];
} else if (object == self && [keyPath isEqualToString:@"settings.canChangeVolume"]) {
    id htllValue = [self valueForKeyPath:@"settings.canChangeVolume"];
    [volume setValue:htllValue forKey:@"enabled"];
} else if (object == self && [keyPath isEqualToString:@"user.saved"]) {
    id htllValue = [self valueForKeyPath:@"user.saved"];
    [save setValue:htllValue forKey:@"hidden"];
} else {
    [super observeValueForKeyPath:keyPath ofObject:object change:change context:context];
}
