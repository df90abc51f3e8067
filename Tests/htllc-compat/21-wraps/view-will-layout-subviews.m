[back sizeToFit];
back.frame = (CGRect) {{0, 0}, {back.bounds.size.width, back.bounds.size.height}};
[edit sizeToFit];
[title sizeToFit];
title.frame = (CGRect) {{4 + back.bounds.size.width, 0}, {self.view.bounds.size.width - 8 - back.bounds.size.width - edit.bounds.size.width, title.bounds.size.height}};
edit.frame = (CGRect) {{8 + back.bounds.size.width + title.bounds.size.width, 0}, {self.view.bounds.size.width - 8 - back.bounds.size.width - title.bounds.size.width, edit.bounds.size.height}};
[toolbar sizeToFit];
content.frame = (CGRect) {{0, 6 + MAX(back.bounds.size.height, MAX(title.bounds.size.height, edit.bounds.size.height))}, {self.view.bounds.size.width, self.view.bounds.size.height - 8 - MAX(back.bounds.size.height, MAX(title.bounds.size.height, edit.bounds.size.height)) - toolbar.bounds.size.height}};
toolbar.frame = (CGRect) {{0, 8 + MAX(back.bounds.size.height, MAX(title.bounds.size.height, edit.bounds.size.height)) + content.bounds.size.height}, {self.view.bounds.size.width, self.view.bounds.size.height - 8 - MAX(back.bounds.size.height, MAX(title.bounds.size.height, edit.bounds.size.height)) - content.bounds.size.height}};
