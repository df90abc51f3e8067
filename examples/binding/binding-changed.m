if (sender == name) {
    [self setValue:name.text forKeyPath:@"user.name"];
}
