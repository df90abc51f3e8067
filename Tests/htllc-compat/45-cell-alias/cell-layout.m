[name sizeToFit];
name.frame = (CGRect) {{0, 0}, {name.bounds.size.width, cell.contentView.bounds.size.height}};
badge.frame = (CGRect) {{4 + name.bounds.size.width, 0}, {cell.contentView.bounds.size.width - 4 - name.bounds.size.width, cell.contentView.bounds.size.height}};
