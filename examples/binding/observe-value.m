if (object == self && [keyPath isEqualToString:@"user.greeting"]) {
    id value = [self valueForKeyPath:@"user.greeting"];
    [greeting setValue:value forKey:@"text"];
} else if (object == self && [keyPath isEqualToString:@"user.name"]) {
    id value = [self valueForKeyPath:@"user.name"];
    if (![[name valueForKey:@"text"] isEqual:value]) [name setValue:value forKey:@"text"];
    [echo setValue:value forKey:@"text"];
} else if (object == self && [keyPath isEqualToString:@"settings.volume"]) {
    id value = [self valueForKeyPath:@"settings.volume"];
    [volume setValue:value forKey:@"value"];
} else if (object == self && [keyPath isEqualToString:@"settings.canChangeVolume"]) {
    id value = [self valueForKeyPath:@"settings.canChangeVolume"];
    [volume setValue:value forKey:@"enabled"];
} else if (object == self && [keyPath isEqualToString:@"user.saved"]) {
    id value = [self valueForKeyPath:@"user.saved"];
    [save setValue:value forKey:@"hidden"];
} else {
    [super observeValueForKeyPath:keyPath ofObject:object change:change context:context];
}
