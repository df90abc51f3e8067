#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reader's lexer: whitespace and comments, strings, characters, identifiers and `#` syntax.
extension Reader {
    /// ASCII scalars the lexer dispatches on.
    enum Ch {
        static let tab: UInt32 = 0x09
        static let newline: UInt32 = 0x0A
        static let ret: UInt32 = 0x0D
        static let space: UInt32 = 0x20
        static let bang: UInt32 = 0x21
        static let dquote: UInt32 = 0x22
        static let hash: UInt32 = 0x23
        static let quote: UInt32 = 0x27
        static let lparen: UInt32 = 0x28
        static let rparen: UInt32 = 0x29
        static let plus: UInt32 = 0x2B
        static let comma: UInt32 = 0x2C
        static let minus: UInt32 = 0x2D
        static let dot: UInt32 = 0x2E
        static let slash: UInt32 = 0x2F
        static let digit0: UInt32 = 0x30
        static let digit8: UInt32 = 0x38
        static let digit9: UInt32 = 0x39
        static let semicolon: UInt32 = 0x3B
        static let equals: UInt32 = 0x3D
        static let at: UInt32 = 0x40
        static let upperU: UInt32 = 0x55
        static let lbracket: UInt32 = 0x5B
        static let backslash: UInt32 = 0x5C
        static let rbracket: UInt32 = 0x5D
        static let backquote: UInt32 = 0x60
        static let lowerU: UInt32 = 0x75
        static let lowerX: UInt32 = 0x78
        static let bar: UInt32 = 0x7C
    }

    /// R7RS character names (case-sensitive unless `#!fold-case`), plus `nul`.
    static let characterNames: [String: UInt32] = [
        "alarm": 7, "backspace": 8, "delete": 0x7F, "escape": 0x1B, "newline": 0x0A, "null": 0,
        "nul": 0, "return": 0x0D, "space": 0x20, "tab": 0x09,
    ]

    // MARK: Position

    /// The scalar `offset` places ahead of the next unread one, or nil past the end.
    @inline(__always) func peek(_ offset: Int = 0) -> UInt32? {
        let i = position + offset
        return i < scalars.count ? scalars[i] : nil
    }

    /// Consumes `count` scalars, keeping line and column up to date.
    @inline(__always) mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where position < scalars.count {
            if scalars[position] == Ch.newline {
                line += 1
                column = 1
            } else {
                column += 1
            }
            position += 1
        }
    }

    @inline(__always) func isWhitespace(_ c: UInt32) -> Bool {
        c == Ch.space || (c >= Ch.tab && c <= Ch.ret)
    }

    @inline(__always) func isDigit(_ c: UInt32) -> Bool { c >= Ch.digit0 && c <= Ch.digit9 }

    /// Whether `c` ends an identifier, number or `#` token (R7RS delimiters, plus brackets).
    @inline(__always) func isDelimiter(_ c: UInt32) -> Bool {
        switch c {
        case Ch.lparen, Ch.rparen, Ch.lbracket, Ch.rbracket, Ch.dquote, Ch.semicolon, Ch.bar: return true
        default: return isWhitespace(c)
        }
    }

    @inline(__always) func isDelimiterOrEnd(_ c: UInt32?) -> Bool {
        guard let c else { return true }
        return isDelimiter(c)
    }

    /// `U+0000`-style name of a scalar, for error messages.
    static func scalarName(_ c: UInt32) -> String {
        let hex = String(c, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A valid Unicode scalar (not a surrogate, not past U+10FFFF).
    @inline(__always) static func isValidScalar(_ c: UInt32) -> Bool {
        c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF)
    }

    /// A Swift string of scalars (invalid ones become U+FFFD).
    static func makeString<C: Collection>(_ s: C) -> String where C.Element == UInt32 {
        // ASCII, as nearly every identifier is: its bytes go straight into the string's storage
        // (appending scalars one by one was 4% of the start-up of a layout command).
        if s.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: s.count) { buffer in
                var i = 0
                for c in s {
                    buffer[i] = UInt8(truncatingIfNeeded: c)
                    i += 1
                }
                return i
            }
        }
        var view = String.UnicodeScalarView()
        for c in s { view.append(Unicode.Scalar(c) ?? "\u{FFFD}") }
        return String(view)
    }

    // MARK: Atmosphere

    /// Skips whitespace, `;` and `#| |#` comments and `#!` directives.
    mutating func skipAtmosphere() throws(SchemeRaise) {
        // Spaces, the usual atmosphere between tokens, without the general case's tests.
        while position < scalars.count && scalars[position] == Ch.space {
            position += 1
            column += 1
        }
        while let c = peek() {
            if isWhitespace(c) {
                advance()
            } else if c == Ch.semicolon {
                while let d = peek(), d != Ch.newline { _ = d; advance() }
            } else if c == Ch.hash && peek(1) == Ch.bar {
                try skipBlockComment()
            } else if c == Ch.hash && peek(1) == Ch.bang {
                try readDirective()
            } else {
                return
            }
        }
    }

    /// Skips a `#| … |#` comment, which may nest.
    mutating func skipBlockComment() throws(SchemeRaise) {
        let start = location
        advance(2)
        var depth = 1
        while depth > 0 {
            guard let c = peek() else {
                endedInsideDatum = true
                throw error("unexpected end of input in block comment started at \(start.line):\(start.column)",
                            at: location)
            }
            if c == Ch.bar && peek(1) == Ch.hash {
                depth -= 1
                advance(2)
            } else if c == Ch.hash && peek(1) == Ch.bar {
                depth += 1
                advance(2)
            } else {
                advance()
            }
        }
    }

    /// Handles `#!fold-case`, `#!no-fold-case`, and a `#!/…` or `#! …` script line at the very start.
    mutating func readDirective() throws(SchemeRaise) {
        let start = location
        if position == 0 || (position == 1 && scalars.first == 0xFEFF),
           let c = peek(2), c == Ch.slash || c == Ch.space {
            while let d = peek(), d != Ch.newline { _ = d; advance() }
            return
        }
        advance(2)
        let name = Reader.makeString(try readToken())
        switch name.lowercased() {
        case "fold-case": foldCase = true
        case "no-fold-case": foldCase = false
        default: throw error("unknown directive: #!\(name)", at: start)
        }
    }

    // MARK: Tokens

    /// The scalars up to the next delimiter (consumed). Control characters are errors.
    mutating func readToken() throws(SchemeRaise) -> ArraySlice<UInt32> {
        scalars[try readTokenRange()]
    }

    /// `readToken`'s scalars as their range in `scalars`: a slice retains the text's storage, and
    /// every identifier and number of a layout is a token (issue 19).
    mutating func readTokenRange() throws(SchemeRaise) -> Range<Int> {
        let begin = position
        // A token holds no newline (a delimiter, as whitespace): the column moves by its length.
        // (Scalar by scalar through `peek` and `advance`, this loop was about 20 instructions a
        // character.)
        let end = scalars.withUnsafeBufferPointer { buffer in
            var i = begin
            while i < buffer.count {
                let c = buffer[i]
                // The usual token characters, ASCII letters and digits, `-` and the like, at once.
                if c > Ch.space && c < 0x7F {
                    if c == Ch.lparen || c == Ch.rparen || c == Ch.lbracket || c == Ch.rbracket
                        || c == Ch.dquote || c == Ch.semicolon || c == Ch.bar { break }
                } else if isDelimiter(c) || c < Ch.space || c == 0x7F || !Reader.isValidScalar(c) {
                    break
                }
                i += 1
            }
            return i
        }
        column += end - begin
        position = end
        if let c = peek(), !isDelimiter(c) {
            // A control character or an invalid scalar.
            throw error("unexpected character \(Reader.scalarName(c))", at: location)
        }
        return begin..<position
    }

    /// Whether a datum whose last character is `c` is complete whatever input follows: `)`, `]`,
    /// `"` and `|` end it by themselves; anything else may be an atom that more text continues.
    static func closesDatum(_ c: UInt32) -> Bool {
        c == Ch.rparen || c == Ch.rbracket || c == Ch.dquote || c == Ch.bar
    }

    /// A number or an identifier.
    mutating func readAtom() throws(SchemeRaise) -> Value {
        let token = try readTokenRange()
        guard !token.isEmpty else {
            // Only a stray control character gets here (readToken stops before it after nothing).
            throw error("unexpected character \(Reader.scalarName(peek() ?? 0))", at: location)
        }
        let first = scalars[token.lowerBound]
        if isDigit(first) || first == Ch.plus || first == Ch.minus || first == Ch.dot {
            if let n = scalars.withUnsafeBufferPointer({ Reader.smallInteger($0, token) }) { return n }
            if let n = Reader.parseNumber(scalars: scalars[token], radix: 10, runtime: runtime) { return n }
        }
        // Identifiers are accepted leniently: anything that is not a number (`1+`, `a#b`) is a symbol.
        if foldCase {
            return runtime.datumSymbol(Reader.makeString(scalars[token]).lowercased())
        }
        return cachedSymbol(token)
    }

    /// The token `text[token]` as a fixnum when it is a decimal integer of at most 18 digits with
    /// an optional sign, as `parseNumber` reads it (which copies the token into an array first:
    /// most numbers in a layout are small integers).
    static func smallInteger(_ text: UnsafeBufferPointer<UInt32>, _ token: Range<Int>) -> Value? {
        var i = token.lowerBound
        var negative = false
        if i < token.upperBound, text[i] == Ch.plus || text[i] == Ch.minus {
            negative = text[i] == Ch.minus
            i += 1
        }
        let digits = token.upperBound - i
        guard digits > 0 && digits <= 18 else { return nil }
        var n = 0
        while i < token.upperBound {
            let c = text[i]
            guard c >= Ch.digit0 && c <= Ch.digit9 else { return nil }
            n = n &* 10 &+ Int(c &- Ch.digit0)
            i += 1
        }
        return .fixnum(negative ? -n : n)
    }

    /// Once `symbolCacheAfter` symbols have been read since the heap last collected, each symbol is
    /// looked up in a small table of the tokens read, by position in the text, before being made
    /// into a name and interned: a large layout names the same few symbols thousands of times, and a
    /// `String` made and hashed for each was most of reading one (issue 19). Valid until the heap
    /// collects (a weak symbol may be gone after that: `read()` checks).
    /// Two ways a set, the latest first: with one, a layout's symbols read once (each button's
    /// selector) pushed out the ones it names at every view, and a third of the lookups of a
    /// layout of several kinds of views missed (7,264 of 22,837; two ways: 1,104, all but 80 of
    /// them first reads).
    static let symbolCacheAfter = 64
    static let symbolSetCount = 64

    mutating func cachedSymbol(_ token: Range<Int>) -> Value {
        symbolsRead &+= 1
        guard symbolsRead > Reader.symbolCacheAfter else { return runtime.datumSymbol(Reader.makeString(scalars[token])) }
        if symbolSlots.isEmpty {
            symbolSlots = Array(repeating: SymbolSlot(), count: 2 * Reader.symbolSetCount)
        }
        // (The set's first slot, and which of its two slots holds the token: 0, 1, or -1 for none.)
        let (i, way) = scalars.withUnsafeBufferPointer { text -> (Int, Int) in
            var h: UInt32 = 2_166_136_261
            for k in token { h = (h ^ text[k]) &* 16_777_619 }
            let i = 2 &* (Int(truncatingIfNeeded: h >> 7) & (Reader.symbolSetCount - 1))
            guard let base = text.baseAddress else { return (i, -1) }
            for way in 0..<2 {
                let slot = symbolSlots[i &+ way]
                guard slot.count == token.count else { continue }
                // Compared in place, as bytes (`elementsEqual` of two slices was about 80
                // instructions a symbol, a loop over the scalars about 10 a character).
                if memcmp(base + slot.start, base + token.lowerBound, slot.count &* 4) == 0 { return (i, way) }
            }
            return (i, -1)
        }
        if way == 0 { return symbolSlots[i].value }
        if way == 1 {
            symbolSlots.swapAt(i, i &+ 1)
            return symbolSlots[i].value
        }
        let value = runtime.datumSymbol(Reader.makeString(scalars[token]))
        symbolSlots[i &+ 1] = symbolSlots[i]
        symbolSlots[i] = SymbolSlot(start: token.lowerBound, count: token.count, value: value)
        return value
    }

    /// A token of `scalars` read as a symbol in this `read()`, and its symbol.
    struct SymbolSlot {
        var start = 0
        /// 0: empty (a symbol's token is never empty).
        var count = 0
        var value = Value.null
    }

    /// `#t`, `#false`, `#x1F` and the like (the caller has handled `#(`, `#\`, `#u8(`, labels, comments).
    mutating func readHashToken() throws(SchemeRaise) -> Value {
        let start = location
        let tokenStart = position
        advance()
        let rest = try readToken()
        let text = "#" + Reader.makeString(rest)
        switch text.lowercased() {
        case "#t", "#true": return .true
        case "#f", "#false": return .false
        default: break
        }
        if let c = rest.first, "xXbBoOdDeEiI".unicodeScalars.contains(where: { $0.value == c }) {
            if let n = Reader.parseNumber(scalars: scalars[tokenStart..<position], radix: 10, runtime: runtime) {
                return n
            }
            throw error("bad number syntax: \(text)", at: start)
        }
        if rest.isEmpty, let c = peek() {
            throw error("bad # syntax: #\(Reader.makeString([c]))", at: start)
        }
        throw error("bad # syntax: \(text)", at: start)
    }

    // MARK: Characters

    /// `#\a`, `#\space`, `#\x41`, `#\λ`.
    mutating func readCharacter() throws(SchemeRaise) -> Value {
        let start = location
        advance(2)
        guard let first = peek() else {
            endedInsideDatum = true
            throw error("unexpected end of input after #\\", at: location)
        }
        advance()
        // A delimiter right after `#\` is the character itself: `#\(`, `#\ `.
        if isDelimiter(first) { return .char(first) }
        let rest = try readToken()
        if rest.isEmpty {
            guard Reader.isValidScalar(first) else {
                throw error("invalid character \(Reader.scalarName(first))", at: start)
            }
            return .char(first)
        }
        var name = Reader.makeString(CollectionOfOne(first)) + Reader.makeString(rest)
        if foldCase { name = name.lowercased() }
        if let c = Reader.characterNames[name] { return .char(c) }
        if first == Ch.lowerX || (foldCase && first == 0x58) {
            var code: UInt32 = 0
            var ok = true
            for d in rest {
                guard let v = Reader.digitValue(d), v < 16, code <= 0x10FFFF else { ok = false; break }
                code = code * 16 + UInt32(v)
            }
            if ok {
                guard Reader.isValidScalar(code) else {
                    throw error("invalid character code: #\\\(name)", at: start)
                }
                return .char(code)
            }
        }
        throw error("unknown character name: #\\\(name)", at: start)
    }

    // MARK: Strings and |symbols|

    /// A string literal, with R7RS escapes and line continuations.
    mutating func readString() throws(SchemeRaise) -> Value {
        // A string without escapes or invalid scalars (nearly every one) is copied straight from
        // the text into the string: through `readDelimited`'s array it cost about 1,500
        // instructions a string, an array made, copied and freed.
        let begin = position + 1
        var end = begin
        while end < scalars.count {
            let c = scalars[end]
            if c == Ch.dquote || c == Ch.backslash || !Reader.isValidScalar(c) { break }
            end += 1
        }
        if end < scalars.count && scalars[end] == Ch.dquote {
            // (From the slice: its width decided before the one allocation.)
            let string = scalars.withUnsafeBufferPointer { text in SString.make(UnsafeBufferPointer(rebasing: text[begin..<end]), in: runtime.heap) }
            advance(end + 1 - position)
            return .string(string)
        }
        let buffer = try readDelimited(Ch.dquote, "string", inString: true)
        return .string(SString.make(buffer, in: runtime.heap))
    }

    /// The name inside `|…|` (not case-folded).
    mutating func readBarSymbol() throws(SchemeRaise) -> String {
        Reader.makeString(try readDelimited(Ch.bar, "|symbol|", inString: false))
    }

    /// The characters after the opening delimiter under the cursor, up to `close` (consumed), with
    /// escapes decoded; `what` names the token in the end-of-input error. In strings, characters that
    /// are not Unicode scalars become U+FFFD.
    mutating func readDelimited(_ close: UInt32, _ what: String, inString: Bool) throws(SchemeRaise) -> [UInt32] {
        let start = location
        advance()
        // What comes before the first escape (or invalid scalar, or the end) is copied in one piece:
        // growing the buffer a character at a time reallocated it twice for a short string (half of
        // reading a string literal).
        var plain = position
        while plain < scalars.count {
            let c = scalars[plain]
            if c == close || c == Ch.backslash || (inString && !Reader.isValidScalar(c)) { break }
            plain += 1
        }
        var buffer = Array(scalars[position..<plain])
        advance(plain - position)
        while true {
            guard let c = peek() else {
                endedInsideDatum = true
                endedInsideString = inString
                throw error("unexpected end of input in \(what) started at \(start.line):\(start.column)",
                            at: location)
            }
            if c == close {
                advance()
                return buffer
            }
            if c == Ch.backslash {
                if let e = try readEscape(inString: inString) { buffer.append(e) }
            } else {
                buffer.append(inString && !Reader.isValidScalar(c) ? 0xFFFD : c)
                advance()
            }
        }
    }

    /// The escape at the `\` under the cursor; nil for a line continuation (strings only).
    mutating func readEscape(inString: Bool) throws(SchemeRaise) -> UInt32? {
        let start = location
        advance()
        guard let e = peek() else {
            endedInsideDatum = true
            throw error("unexpected end of input after \\", at: location)
        }
        switch e {
        case 0x61: advance(); return 7        // \a
        case 0x62: advance(); return 8        // \b
        case 0x74: advance(); return 9        // \t
        case 0x6E: advance(); return 10       // \n
        case 0x72: advance(); return 13       // \r
        case Ch.dquote, Ch.backslash, Ch.bar: advance(); return e
        case Ch.lowerX, 0x58:
            advance()
            var code: UInt32 = 0
            var digits = 0
            while let d = peek(), let v = Reader.digitValue(d), v < 16 {
                if code > 0x10FFFF { break }
                code = code * 16 + UInt32(v)
                digits += 1
                advance()
            }
            guard digits > 0, peek() == Ch.semicolon else {
                throw error("bad \\x escape (expected hex digits and ';')", at: start)
            }
            advance()
            guard Reader.isValidScalar(code) else {
                throw error("invalid character code in \\x escape: \(String(code, radix: 16))", at: start)
            }
            return code
        case Ch.space, Ch.tab, Ch.newline, Ch.ret:
            // \<intraline whitespace>*<line ending><intraline whitespace>* is nothing (strings only).
            guard inString else { throw error("line continuation inside |symbol|", at: start) }
            while let d = peek(), d == Ch.space || d == Ch.tab { _ = d; advance() }
            guard let nl = peek(), nl == Ch.newline || nl == Ch.ret else {
                throw error("bad line continuation: '\\' followed by spaces must end the line", at: start)
            }
            advance()
            if nl == Ch.ret && peek() == Ch.newline { advance() }
            while let d = peek(), d == Ch.space || d == Ch.tab { _ = d; advance() }
            return nil
        default:
            throw error("unknown escape: \\\(Reader.makeString([e]))", at: start)
        }
    }

    /// The value of a digit in radix up to 36 (`0-9`, `a-z`, `A-Z`), or nil.
    @inline(__always) static func digitValue(_ c: UInt32) -> Int? {
        switch c {
        case 0x30...0x39: return Int(c - 0x30)
        case 0x41...0x5A: return Int(c - 0x41 + 10)
        case 0x61...0x7A: return Int(c - 0x61 + 10)
        default: return nil
        }
    }
}
