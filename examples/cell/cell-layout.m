icon.frame = (CGRect) {{0, 0}, {40, 40}};
titleLabel.frame = (CGRect) {{48, 0}, {cell.contentView.bounds.size.width - 48, 0.6 * cell.contentView.bounds.size.height}};
detail.frame = (CGRect) {{48, titleLabel.bounds.size.height}, {cell.contentView.bounds.size.width - 48, 0.4 * cell.contentView.bounds.size.height}};
