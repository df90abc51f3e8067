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
