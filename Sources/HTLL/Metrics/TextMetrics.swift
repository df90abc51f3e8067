/// Measures text the way `[UILabel sizeToFit]` does, closely enough for layout previews.
///
/// Widths: the advance widths of Nimbus Sans (URW++), which is metric-compatible with Helvetica,
/// the iOS 6 system font (table in `NimbusSansWidths.swift`, generated from the AFM files of
/// Debian's fonts-urw-base35: for every scalar the `WX` of the glyph with its PostScript name).
/// No kerning. Scalars outside the table count as an average Latin glyph (556/1000 em), or a
/// full em for CJK and other wide scripts.
/// Line height: 1.2 em per line. UIKit reports about 1.19–1.22 em (e.g. 35.8 points for a
/// 30-point system font); sizes are rounded up to whole points as `sizeThatFits:` does.
public enum TextMetrics {
    /// The face of the system font.
    public enum Weight: String, Sendable {
        case regular, bold, italic
    }

    /// Height of one line, as a multiple of the point size.
    public static let lineHeightFactor = 1.2

    /// How far a line's baseline lies below the line's top, as a multiple of the point size: half
    /// the leading (0.1 em), then about Nimbus Sans's ascent (0.86 em). It stands for
    /// `UIFont.ascender` in concrete frames ('baseline rows) and places the preview's text, so
    /// the baselines the frames line up are the ones drawn.
    public static let ascentFactor = 0.96

    /// The baseline's depth below a line's top for a font of `points`.
    public static func ascent(points: Double) -> Double { points * ascentFactor }

    /// The height of one line for a font of `points` (what `UIFont.lineHeight` stands for).
    public static func lineHeight(points: Double) -> Double { points * lineHeightFactor }

    /// The advance width of `scalar` in 1/1000 em.
    static func advance(_ scalar: UInt32, _ weight: Weight) -> Int {
        let table: [UInt16]
        switch weight {
        case .regular: table = NimbusSansWidths.regular
        case .bold: table = NimbusSansWidths.bold
        case .italic: table = NimbusSansWidths.italic
        }
        let index: Int?
        switch scalar {
        case 0x20...0x7E: index = Int(scalar - 0x20)
        case 0xA0...0xFF: index = 95 + Int(scalar - 0xA0)
        default:
            index = NimbusSansWidths.extraScalars.firstIndex(of: scalar).map { 191 + $0 }
        }
        if let index, index < table.count { return Int(table[index]) }
        if scalar < 0x20 { return 0 }
        return scalar >= 0x2E80 ? 1000 : 556
    }

    /// The width in points of one line of `text`.
    public static func width(of text: Substring, weight: Weight, points: Double) -> Double {
        var units = 0
        for s in text.unicodeScalars {
            // Cannot overflow for any realistic text; saturate rather than trap.
            let (sum, overflow) = units.addingReportingOverflow(advance(s.value, weight))
            units = overflow ? Int.max : sum
        }
        return Double(units) * points / 1000
    }

    /// The unrounded size of `text` (lines split at newlines).
    public static func size(of text: String, weight: Weight, points: Double) -> (width: Double, height: Double) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let width = lines.map { self.width(of: $0, weight: weight, points: points) }.max() ?? 0
        return (width, Double(lines.count) * lineHeight(points: points))
    }
}
