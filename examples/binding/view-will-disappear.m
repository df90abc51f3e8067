[self removeObserver:self forKeyPath:@"user.greeting"];
[self removeObserver:self forKeyPath:@"user.name"];
[self removeObserver:self forKeyPath:@"settings.volume"];
[self removeObserver:self forKeyPath:@"settings.canChangeVolume"];
[self removeObserver:self forKeyPath:@"user.saved"];
