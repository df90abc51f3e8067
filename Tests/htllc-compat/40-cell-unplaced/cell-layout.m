name.frame = (CGRect) {{0, 0}, {cell.contentView.bounds.size.width, cell.contentView.bounds.size.height}};
