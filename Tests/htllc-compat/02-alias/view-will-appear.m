heading.text = @"Settings";
body.text = @"Nothing to set";
