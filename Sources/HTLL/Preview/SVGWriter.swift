
/// Accumulates SVG text: escaping, compact numbers, and text drawn with the solver's metrics.
struct SVGWriter {
    /// The font stack: Nimbus Sans is what `TextMetrics` measures with (Helvetica's metrics).
    static let fontFamily = "Nimbus Sans, Helvetica, Arial, sans-serif"

    var out = ""

    mutating func line(_ s: String) { out += s; out += "\n" }

    /// A number with at most two decimals and no trailing zeros.
    static func number(_ d: Double) -> String {
        guard d.isFinite else { return "0" }
        let r = (d * 100).rounded() / 100
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        var s = FixedNotation.string(r, decimals: 2)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    /// Text escaped for XML content and attribute values: an XML reader gets back exactly `s`,
    /// except characters XML 1.0 cannot hold even as references (the controls other than tab, line
    /// feed and carriage return, U+FFFE, U+FFFF), which become U+FFFD. Tab, line feed and carriage
    /// return are character references, which XML readers keep as they are (raw, they would be
    /// normalized to spaces or line feeds).
    static func escape(_ s: String) -> String {
        var r = ""
        r.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c.value {
            case 0x26: r += "&amp;"
            case 0x3C: r += "&lt;"
            case 0x3E: r += "&gt;"
            case 0x22: r += "&quot;"
            case 0x27: r += "&apos;"
            case 0x09, 0x0A, 0x0D: r += "&#\(c.value);"
            case 0..<0x20, 0xFFFE, 0xFFFF: r += "\u{FFFD}"
            default: r.unicodeScalars.append(c)
            }
        }
        return r
    }

    static func n(_ d: Double) -> String { number(d) }

    /// One line of text with its left edge, centre or right edge at `x` and baseline at `y`.
    mutating func text(_ s: String, x: Double, y: Double, points: Double, weight: TextMetrics.Weight = .regular,
                       fill: String, opacity: Double = 1, anchor: String = "start", extra: String = "") {
        let w = weight == .bold ? " font-weight=\"bold\"" : weight == .italic ? " font-style=\"italic\"" : ""
        let o = opacity < 1 ? " fill-opacity=\"\(Self.n(opacity))\"" : ""
        line("<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-family=\"\(Self.fontFamily)\" font-size=\"\(Self.n(points))\"\(w) fill=\"\(fill)\"\(o) text-anchor=\"\(anchor)\" xml:space=\"preserve\"\(extra)>\(Self.escape(s))</text>")
    }

    /// Text laid out in a box the way UILabel does: wrapped to `maxLines` (0 = unlimited), the
    /// last line truncated with an ellipsis when it does not fit, aligned left/center/right, the
    /// block centred vertically (or from the top when `top`).
    mutating func textBox(_ s: String, x: Double, y: Double, width: Double, height: Double,
                          points: Double, weight: TextMetrics.Weight, fill: String, opacity: Double = 1,
                          alignment: String = "left", maxLines: Int = 1, mode: String = "tail-truncation",
                          top: Bool = false) {
        let lineHeight = TextMetrics.lineHeight(points: points)
        var limit = maxLines <= 0 ? Int.max : maxLines
        // Lines that do not fit vertically are dropped, as UILabel does (at least one is kept).
        let ratio = (height + 0.5) / lineHeight
        let fitting = max(1, Int(saturating: min(ratio, 1e6)))
        if maxLines != 1 { limit = min(limit, fitting) }
        let lines = TextLayout.lines(s, width: width, points: points, weight: weight, maxLines: limit, mode: mode)
        let blockHeight = Double(lines.count) * lineHeight
        var lineTop = top ? y : y + (height - blockHeight) / 2
        let anchor: String, ax: Double
        switch alignment {
        case "center": anchor = "middle"; ax = x + width / 2
        case "right": anchor = "end"; ax = x + width
        default: anchor = "start"; ax = x
        }
        for l in lines {
            // Baseline: half the leading, then about Nimbus Sans's ascent (TextMetrics.ascent), so
            // that a line of capitals and descenders sits visually centred in its 1.2 em line.
            text(l, x: ax, y: lineTop + TextMetrics.ascent(points: points), points: points, weight: weight,
                 fill: fill, opacity: opacity, anchor: anchor)
            lineTop += lineHeight
        }
    }
}
