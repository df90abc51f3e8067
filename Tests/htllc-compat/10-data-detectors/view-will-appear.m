notes.text = @"Call 555-0100";
notes.editable = NO;
notes.dataDetectorTypes = UIDataDetectorTypeNone;
