/// The tokens of one line of generated Objective-C, as far as checking it needs: names, numbers,
/// string literals (with their escapes decoded), punctuation, and anything else as `.invalid`.
public enum ObjCToken: Equatable, Sendable {
    case identifier(String)
    case number(String)
    /// A string literal's text after escapes (the `@` of an Objective-C literal is its own token).
    case string(String)
    case punctuation(String)
    /// A character no generated statement contains, or a string literal that does not end on its line.
    case invalid(String)
}

enum ObjCTokens {
    static let twoCharacterPunctuation: Set<String> = ["==", "!=", "<=", ">=", "&&", "||", "->", "++", "--", "+=", "-=", "*=", "/=", "|=", "&=", "<<", ">>", "##"]

    /// The tokens of `line`.
    static func tokens(of line: String) -> [ObjCToken] {
        let s = Array(line.unicodeScalars)
        var i = 0
        var out: [ObjCToken] = []
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }
        func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        while i < s.count {
            let c = s[i]
            if c == " " || c == "\t" { i += 1; continue }
            if isLetter(c) {
                var j = i
                while j < s.count, isLetter(s[j]) || isDigit(s[j]) { j += 1 }
                out.append(.identifier(String(String.UnicodeScalarView(s[i..<j]))))
                i = j
            } else if isDigit(c) || (c == "." && i + 1 < s.count && isDigit(s[i + 1])) {
                var j = i
                while j < s.count, isDigit(s[j]) || isLetter(s[j]) || s[j] == "."
                        || ((s[j] == "+" || s[j] == "-") && (s[j - 1] == "e" || s[j - 1] == "E")) { j += 1 }
                out.append(.number(String(String.UnicodeScalarView(s[i..<j]))))
                i = j
            } else if c == "\"" {
                guard let (text, end) = stringLiteral(s, from: i + 1) else {
                    out.append(.invalid(String(String.UnicodeScalarView(s[i...]))))
                    return out
                }
                out.append(.string(text))
                i = end
            } else if c.value < 0x20 || c.value >= 0x7F {
                out.append(.invalid(String(c)))
                i += 1
            } else {
                let pair = i + 1 < s.count ? String(c) + String(s[i + 1]) : ""
                if twoCharacterPunctuation.contains(pair) {
                    out.append(.punctuation(pair))
                    i += 2
                } else {
                    out.append(.punctuation(String(c)))
                    i += 1
                }
            }
        }
        return out
    }

    /// Characters generated code must write as escapes: controls, and the invisible ones that
    /// make code read differently from what it does (separators, byte-order mark, bidi controls).
    static func invisible(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0..<0x20, 0x7F, 0x2028, 0x2029, 0xFEFF, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Decodes a C string literal whose text starts at `start`: the text and the index after the
    /// closing quote, or nil when it does not close on the line, holds a raw invisible character, or
    /// its bytes (octal escapes included) are not UTF-8.
    static func stringLiteral(_ s: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var bytes: [UInt8] = []
        var i = start
        func octal(_ c: Unicode.Scalar) -> Bool { ("0"..."7").contains(c) }
        func append(_ c: Unicode.Scalar) { bytes.append(contentsOf: Array(String(c).utf8)) }
        while i < s.count {
            let c = s[i]
            if c == "\"" {
                guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
                return (text, i + 1)
            }
            if invisible(c) { return nil }
            guard c == "\\" else { append(c); i += 1; continue }
            guard i + 1 < s.count else { return nil }
            let e = s[i + 1]
            switch e {
            case "n": bytes.append(10); i += 2
            case "r": bytes.append(13); i += 2
            case "t": bytes.append(9); i += 2
            case "\\", "\"", "'", "?": append(e); i += 2
            case _ where octal(e):
                var j = i + 1, v: UInt32 = 0
                while j < s.count, j < i + 4, octal(s[j]) { v = v * 8 + (s[j].value - 48); j += 1 }
                guard v < 256 else { return nil }
                bytes.append(UInt8(v))
                i = j
            default:
                return nil
            }
        }
        return nil
    }
}
