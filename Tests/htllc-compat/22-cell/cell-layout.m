[icon sizeToFit];
icon.frame = (CGRect) {{0, 0}, {icon.bounds.size.width, cell.contentView.bounds.size.height}};
title.frame = (CGRect) {{8 + icon.bounds.size.width, 0}, {cell.contentView.bounds.size.width - 8 - icon.bounds.size.width, 0.6 * cell.contentView.bounds.size.height}};
detail.frame = (CGRect) {{8 + icon.bounds.size.width, title.bounds.size.height}, {cell.contentView.bounds.size.width - 8 - icon.bounds.size.width, 0.4 * cell.contentView.bounds.size.height}};
