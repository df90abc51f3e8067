import Foundation

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
        var s = String(format: "%.2f", r)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    /// Text escaped for XML content and attribute values.
    static func escape(_ s: String) -> String {
        var r = ""
        r.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": r += "&amp;"
            case "<": r += "&lt;"
            case ">": r += "&gt;"
            case "\"": r += "&quot;"
            case "'": r += "&apos;"
            default:
                // XML 1.0 forbids most control characters even escaped.
                if c.value < 0x20, c != "\n", c != "\t" { r += " " } else { r.unicodeScalars.append(c) }
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
        let lineHeight = points * TextMetrics.lineHeightFactor
        var limit = maxLines <= 0 ? Int.max : maxLines
        // Lines that do not fit vertically are dropped, as UILabel does (at least one is kept).
        let ratio = (height + 0.5) / lineHeight
        let fitting = ratio.isNaN ? 1 : max(1, Int(min(ratio, 1e6)))
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
            // Baseline: half the leading (0.1 em), then about Nimbus Sans's ascent, so that a
            // line of capitals and descenders sits visually centred in its 1.2 em line.
            text(l, x: ax, y: lineTop + points * 0.1 + points * 0.86, points: points, weight: weight,
                 fill: fill, opacity: opacity, anchor: anchor)
            lineTop += lineHeight
        }
    }
}

/// Line breaking and truncation with `TextMetrics`' widths.
enum TextLayout {
    static let ellipsis = "\u{2026}"

    /// The lines `text` occupies in `width` points.
    static func lines(_ text: String, width: Double, points: Double, weight: TextMetrics.Weight,
                      maxLines: Int, mode: String) -> [String] {
        func w(_ s: String) -> Double { TextMetrics.width(of: Substring(s), weight: weight, points: points) }
        var result: [String] = []
        // Bounded work for huge strings: more than fits on any screen is never drawn anyway.
        let text = String(text.prefix(4000))
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if maxLines == 1 {
            let joined = paragraphs.joined(separator: " ")
            return [truncate(joined, width: width, mode: mode, measure: w)]
        }
        var overflowed = false
        outer: for p in paragraphs {
            var current = ""
            for word in p.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = current.isEmpty ? word : current + " " + word
                if w(candidate) <= width + 0.01 || current.isEmpty {
                    current = candidate
                    // A single word wider than the line is broken by characters.
                    while w(current) > width + 0.01, current.count > 1 {
                        var head = ""
                        for ch in current {
                            if w(head + String(ch)) > width + 0.01, !head.isEmpty { break }
                            head.append(ch)
                        }
                        if result.count >= maxLines { overflowed = true; break outer }
                        result.append(head)
                        current = String(current.dropFirst(head.count))
                    }
                } else {
                    if result.count >= maxLines { overflowed = true; break outer }
                    result.append(current)
                    current = word
                }
            }
            if result.count >= maxLines { overflowed = true; break }
            result.append(current)
        }
        if result.count > maxLines { result = Array(result.prefix(maxLines)); overflowed = true }
        if overflowed, let last = result.popLast() {
            result.append(truncate(last + ellipsis, width: width, mode: "tail-truncation", measure: w, force: true))
        }
        return result
    }

    /// `s` cut to `width` with an ellipsis at the tail, head or middle (or clipped).
    static func truncate(_ s: String, width: Double, mode: String, measure: (String) -> Double,
                         force: Bool = false) -> String {
        if measure(s) <= width + 0.01 { return s }
        // Nobody reads past the first thousand characters of a truncated line; the cap keeps the
        // character-by-character measuring below cheap for huge strings.
        let chars = Array((s.hasSuffix(ellipsis) && force ? String(s.dropLast()) : s).prefix(1000))
        switch mode {
        case "clip", "word-wrap", "character-wrap":
            var out = ""
            for c in chars { if measure(out + String(c)) > width + 0.01 { break }; out.append(c) }
            return out
        case "head-truncation":
            var tail: [Character] = []
            for c in chars.reversed() {
                if measure(ellipsis + String(c) + String(tail)) > width + 0.01 { break }
                tail.insert(c, at: 0)
            }
            return ellipsis + String(tail)
        case "middle-truncation":
            var head: [Character] = [], tail: [Character] = []
            var i = 0, j = chars.count - 1
            var takeHead = true
            while i <= j {
                let next = takeHead ? String(head + [chars[i]]) + ellipsis + String(tail)
                                    : String(head) + ellipsis + String([chars[j]] + tail)
                if measure(next) > width + 0.01 { break }
                if takeHead { head.append(chars[i]); i += 1 } else { tail.insert(chars[j], at: 0); j -= 1 }
                takeHead.toggle()
            }
            return String(head) + ellipsis + String(tail)
        default:
            var out = ""
            for c in chars {
                if measure(out + String(c) + ellipsis) > width + 0.01 { break }
                out.append(c)
            }
            while out.hasSuffix(" ") { out.removeLast() }
            return out + ellipsis
        }
    }
}
