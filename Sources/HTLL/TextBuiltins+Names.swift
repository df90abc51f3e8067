import Scheme
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The grammar checks of the names a layout puts into generated code (12-names.scm), as Swift
/// builtins: which strings are identifiers, key paths and selectors.
///
/// Why in Swift: the prelude checked them a character at a time (a call and two comparisons per
/// character, and a list of substrings per key path), and a button's `(on 'touch-up-inside 'save:)`
/// checks its selector and target twice (the modifier and the target attribute), which was a
/// quarter of making a button (10,000 buttons, `htll --profile`, issue 19). What the names mean
/// (which are reserved, the messages) stays in the prelude; these answer only "is it in the grammar".
extension HTLL {
    /// The builtins, one line each: name, arity, implementation.
    static let nameBuiltins: [(name: String, arity: Arity, body: (Scheme, Arguments) throws -> Value)] = [
        ("%htll-identifiers?", .exactly(2), { s, args in try identifiers(s, args[0], args[1]) }),
        ("%htll-selector?", .exactly(1), { s, args in .bool(try selector(s, args[0])) }),
        ("%htll-split-string", .exactly(2), { s, args in try splitString(s, args[0], args[1]) }),
        ("%htll-identifier", .exactly(1), { s, args in try identifier(s, args[0]) }),
        ("%htll-implementation-name?", .exactly(1), { s, args in .bool(try nameClass(s, args[0], "%htll-implementation-name?", implementationName)) }),
        ("%htll-owning-family?", .exactly(1), { s, args in .bool(try nameClass(s, args[0], "%htll-owning-family?", owningFamily)) }),
        ("%htll-frame-local-name?", .exactly(1), { s, args in .bool(try nameClass(s, args[0], "%htll-frame-local-name?", frameLocalName)) }),
        ("%htll-swift-selector", .exactly(2), { s, args in try swiftSelector(s, args[0], args[1]) }),
        ("%htll-word-in?", .exactly(2), { s, args in .bool(try isWordIn(s, args[0], args[1])) }),
    ]

    /// The answer of `test` for the string `x` (the three name classes below, asked of every bound
    /// view's name: in Scheme, each was a dozen calls of string and character procedures, and naming
    /// a bound view cost about as much as making it, issue 19).
    static func nameClass(_ s: Scheme, _ x: Value, _ who: String,
                          _ test: (UnsafeBufferPointer<UInt32>) -> Bool) throws -> Bool {
        guard let string = x.sstring else { throw s.error("\(who): expected a string", x) }
        return string.withScalars(test)
    }

    /// `(%htll-implementation-name? S)`: whether C reserves S for the implementation: `_` then a
    /// capital letter or a second `_`, and `_` alone, which Swift cannot name.
    static func implementationName(_ s: UnsafeBufferPointer<UInt32>) -> Bool {
        guard let first = s.first, first == 0x5F else { return false }
        guard s.count > 1 else { return true }
        return s[1] == 0x5F || (Unicode.Scalar(s[1])?.properties.isUppercase ?? false)
    }

    /// The method families whose names ARC takes to return an owned object.
    static let owningFamilies: [[UInt32]] = ["alloc", "copy", "init", "mutableCopy", "new"].map { $0.unicodeScalars.map(\.value) }

    /// `(%htll-owning-family? S)`: whether a property named S would be a method of an owning family
    /// (after any leading `_`s: alloc, copy, init, mutableCopy or new, then the end or a character
    /// that is not lower case), which ARC refuses to synthesize.
    static func owningFamily(_ s: UnsafeBufferPointer<UInt32>) -> Bool {
        var start = 0
        while start < s.count && s[start] == 0x5F { start += 1 }
        for family in owningFamilies where start + family.count <= s.count {
            var k = 0
            while k < family.count && s[start + k] == family[k] { k += 1 }
            guard k == family.count else { continue }
            let end = start + k
            if end == s.count || !(Unicode.Scalar(s[end])?.properties.isLowercase ?? false) { return true }
        }
        return false
    }

    /// `(%htll-frame-local-name? S)`: whether S is spelled like a local of the generated frame code
    /// (`htll`, one of X Y W H, then digits: 60-solver.scm's names for heavy expressions) or of the
    /// constraint code (`htllGuide` or `htllConstraint`, then digits: 73-constraints-code.scm).
    static func frameLocalName(_ s: UnsafeBufferPointer<UInt32>) -> Bool {
        func prefixed(_ p: String) -> Int? {
            var i = 0
            for c in p.unicodeScalars {
                guard i < s.count, s[i] == c.value else { return nil }
                i += 1
            }
            return i
        }
        func digits(from i: Int) -> Bool {
            guard i < s.count else { return false }
            return s[i...].allSatisfy { $0 &- 0x30 < 10 }
        }
        guard let h = prefixed("htll") else { return false }
        if h < s.count, [0x58, 0x59, 0x57, 0x48].contains(s[h]), digits(from: h + 1) { return true }  // X Y W H
        if let g = prefixed("htllGuide"), digits(from: g) { return true }
        if let c = prefixed("htllConstraint"), digits(from: c) { return true }
        return false
    }

    /// Whether `c` may continue a C identifier: an ASCII letter, digit or `_`.
    @inline(__always) static func isIdentifierScalar(_ c: UInt32) -> Bool {
        (c &- 0x61 < 26) || (c &- 0x41 < 26) || (c &- 0x30 < 10) || c == 0x5F
    }

    /// Whether `scalars` are one or more C identifiers (ASCII letters, digits and `_`, none
    /// starting with a digit or empty), each followed by `separator` when `trailing`, else
    /// separated by it; a separator of nil: exactly one identifier.
    /// (Generic over a narrow string's bytes and a wide one's scalars, read in place: through
    /// `withScalars` a narrow string was copied first, and the copy's generic temporary allocation
    /// asked the runtime for its type's metadata, about 300 instructions each button's action.)
    static func areIdentifiers<C: FixedWidthInteger & UnsignedInteger>(_ scalars: UnsafeBufferPointer<C>, separator: UInt32?,
                                                                        trailing: Bool) -> Bool {
        var atStart = true
        for character in scalars {
            let c = UInt32(truncatingIfNeeded: character)
            if let separator, c == separator {
                if atStart { return false }
                atStart = true
            } else if isIdentifierScalar(c) {
                if atStart && c &- 0x30 < 10 { return false }
                atStart = false
            } else {
                return false
            }
        }
        // Not empty; after the last piece a separator when trailing, none otherwise.
        return !scalars.isEmpty && atStart == trailing
    }

    /// `(%htll-identifiers? S SEP)`: #t when S is a string of C identifiers separated by the
    /// character SEP ("user.name" with #\.), or, SEP #f, one identifier; #f for anything else.
    static func identifiers(_ s: Scheme, _ x: Value, _ sep: Value) throws -> Value {
        let separator: UInt32?
        switch sep {
        case .char(let c): separator = c
        case .bool(false): separator = nil
        default: throw s.error("%htll-identifiers?: expected a character or #f", sep)
        }
        guard let string = x.sstring else { return .false }
        return .bool(string.withStorage(narrow: { areIdentifiers($0, separator: separator, trailing: false) },
                                        wide: { areIdentifiers($0, separator: separator, trailing: false) }))
    }

    /// `(%htll-selector? S)`: whether S is an Objective-C selector: a name (`save`), or one or
    /// more name-colon pieces (`save:`, `table:didSelect:`); #f for anything but a string.
    static func selector(_ s: Scheme, _ x: Value) throws -> Bool {
        guard let string = x.sstring else { return false }
        return string.withStorage(narrow: { isSelector($0) }, wide: { isSelector($0) })
    }

    /// Whether `characters` (a narrow string's bytes or a wide one's scalars) spell a selector.
    private static func isSelector<C: FixedWidthInteger & UnsignedInteger>(_ characters: UnsafeBufferPointer<C>) -> Bool {
        characters.last == 0x3A
            ? areIdentifiers(characters, separator: 0x3A, trailing: true)
            : areIdentifiers(characters, separator: nil, trailing: false)
    }

    /// `(%htll-swift-selector SEL KEYWORDS)`: the `#selector` expression Swift writes for the
    /// Objective-C selector SEL (75-swift.scm's htll:swift-selector): `#selector(save)` for
    /// `save`, `#selector(table(_:didSelect:))` for `table:didSelect:`, every name between the
    /// colons a C identifier and none of the KEYWORDS (a string of words each between spaces,
    /// " class deinit ... ": Swift's keywords, which the prelude lists); #f for any other string,
    /// which the prelude writes as a runtime `Selector`. Why here: in Scheme (a substring, a list
    /// of pieces, a closure, a table lookup per name and the pieces' string-append) it cost about
    /// 12,000 instructions a button of `--swift`, a tenth of the whole output (issue 19).
    static func swiftSelector(_ s: Scheme, _ x: Value, _ keywords: Value) throws -> Value {
        guard let string = x.sstring else { throw s.error("%htll-swift-selector: expected a string", x) }
        guard let words = keywords.sstring else { throw s.error("%htll-swift-selector: expected a string of keywords", keywords) }
        return string.withStorage(narrow: { swiftSelector(s, $0, words) }, wide: { sel in
            // (A wide string may hold only ASCII again; a character past it is in no identifier.)
            guard sel.allSatisfy({ $0 < 0x80 }) else { return .false }
            return sel.map { UInt8($0) }.withUnsafeBufferPointer { swiftSelector(s, $0, words) }
        })
    }

    /// `(%htll-word-in? S WORDS)`: whether the string S is one of the WORDS (a string of words each
    /// between spaces, " in if for "); #f for anything but a string, and for a string with a
    /// space or none. (Swift's keywords against every view's name in `--swift`: an equal?
    /// table's lookup hashed the name each time, about 1,400 instructions a view, issue 19.)
    static func isWordIn(_ s: Scheme, _ x: Value, _ words: Value) throws -> Bool {
        guard let text = words.sstring else { throw s.error("%htll-word-in?: expected a string of words", words) }
        guard let string = x.sstring else { return false }
        return string.withStorage(narrow: { isWord($0[...], in: text) },
                                  wide: { w in occurs(Array(w)[...], between: text.scalars[...]) })
    }

    /// Whether the bytes `word` are one of the words of `text` (each between spaces). (memchr
    /// finds the candidates, the places of the word's last byte, which for a generated name,
    /// `label12`, is a digit no keyword has: a loop over the 400 characters of Swift's keywords
    /// cost about 3,500 instructions a name, a search for its first letter several hundred.)
    private static func isWord(_ word: Slice<UnsafeBufferPointer<UInt8>>, in text: SString) -> Bool {
        text.withStorage(narrow: { t in
            let n = word.count
            guard n > 0, !word.contains(0x20), let w = UnsafeBufferPointer(rebasing: word).baseAddress,
                  let base = t.baseAddress else { return false }
            // The word's last byte at `end` (from n on: a space before the word; before the text's
            // last byte: a space after it).
            var from = n
            while from + 1 < t.count, let hit = memchr(base + from, Int32(w[n - 1]), t.count - 1 - from) {
                let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if t[end + 1] == 0x20 && t[end - n] == 0x20 && memcmp(base + end + 1 - n, w, n) == 0 { return true }
                from = end + 1
            }
            return false
        }, wide: { t in occurs(word.map(UInt32.init)[...], between: t[...]) })
    }

    /// Whether `word` (not empty, no space in it) occurs in `text` with a space right before and
    /// after it. (Bytes or scalars on both sides, each pair its own specialization: generic over
    /// the two, it went through the integer protocols' witnesses at every character.)
    @inline(__always)
    private static func occurs<W: Collection, T: Collection>(_ word: W, between text: T) -> Bool
        where W.Element: FixedWidthInteger, T.Element == W.Element, W.Index == Int, T.Index == Int {
        let n = word.count
        guard n > 0, !word.contains(0x20), text.count >= n + 2 else { return false }
        let w0 = word.startIndex, t0 = text.startIndex, first = word[w0]
        var i = t0 + 1
        while i + n < text.endIndex {
            if text[i] == first && text[i - 1] == 0x20 && text[i + n] == 0x20 {
                var k = 1
                while k < n && text[i + k] == word[w0 + k] { k += 1 }
                if k == n { return true }
            }
            i += 1
        }
        return false
    }

    /// `swiftSelector` of the bytes `sel`: checked name by name, then written straight into the
    /// new string (no list of names, no array of bytes between).
    private static func swiftSelector(_ s: Scheme, _ sel: UnsafeBufferPointer<UInt8>, _ keywords: SString) -> Value {
        let colon: UInt8 = 0x3A
        let colons = sel.last == colon
        let body = sel[..<(colons ? sel.count - 1 : sel.count)]
        // The names between the colons, empty ones included ("a::" has "a" and ""): each a C
        // identifier and no keyword; more than one only before a final colon.
        var names = 0
        var start = body.startIndex
        for i in body.startIndex...body.endIndex where i == body.endIndex || body[i] == colon {
            let name = body[start..<i]
            guard areIdentifiers(UnsafeBufferPointer(rebasing: name), separator: nil, trailing: false),
                  !isWord(name, in: keywords) else { return .false }
            names += 1
            start = i + 1
        }
        guard colons || names == 1 else { return .false }
        // "#selector(" NAME ")" or "#selector(" FIRST "(_:" SECOND ":" ... "))": the body's own
        // characters but its first colon, and after the last name a colon and "))".
        let prefix: StaticString = "#selector("
        let count = prefix.utf8CodeUnitCount + body.count + (colons ? 5 : 1)
        return s.latin1String(count: count) { out in
            var at = 0
            for k in 0..<prefix.utf8CodeUnitCount { out[at] = prefix.utf8Start[k]; at += 1 }
            var first = true
            for c in body {
                if first && c == colon {
                    out[at] = 0x28; out[at + 1] = 0x5F; out[at + 2] = colon; at += 3  // (_:
                    first = false
                } else {
                    out[at] = c; at += 1
                }
            }
            if colons {
                if first { out[at] = 0x28; out[at + 1] = 0x5F; at += 2 }  // (_
                out[at] = colon; out[at + 1] = 0x29; at += 2
            }
            out[at] = 0x29
        }
    }

    /// `(%htll-split-string S CHAR)`: the list of the pieces of S between occurrences of CHAR,
    /// empty pieces included ("a..b" gives "a", "" and "b"; "" gives ("")).
    static func splitString(_ s: Scheme, _ x: Value, _ sep: Value) throws -> Value {
        guard let string = x.sstring else { throw s.error("%htll-split-string: expected a string", x) }
        guard case .char(let separator) = sep else { throw s.error("%htll-split-string: expected a character", sep) }
        return string.withScalars { scalars in
            // From the end, so the list is built by consing (allocation never collects).
            var pieces = Value.null
            var end = scalars.count
            var i = scalars.count
            while true {
                let atSeparator = i > 0 && scalars[i - 1] == separator
                if i == 0 || atSeparator {
                    let start = i
                    let piece = s.string(count: end - start) { out in
                        for k in 0..<(end - start) { out[k] = scalars[start + k] }
                    }
                    pieces = s.cons(piece, pieces)
                    if i == 0 { break }
                    end = i - 1
                }
                i -= 1
            }
            return pieces
        }
    }

    /// `(%htll-identifier S)`: 00-util.scm's htll:identifier, kebab-case to camelCase (a Swift
    /// case name such as `touchUpInside` for every enumerated value `--swift` prints): each of
    /// `- ? ! * / < > = + . %` is dropped and makes the next kept character upper case (not the
    /// first), ASCII letters, digits and `_` are kept, any other character becomes `_`; "view"
    /// when nothing is left, and a `v` before a leading digit. Character by character in Scheme
    /// it was a tenth of `--swift` for buttons (issue 19).
    static func identifier(_ s: Scheme, _ x: Value) throws -> Value {
        guard let string = x.sstring else { throw s.error("%htll-identifier: expected a string", x) }
        // Counted first and written straight into the new string (an array built and copied was
        // most of the builtin's cost: it names every bound view, issue 19).
        return string.withScalars { scalars in
            var kept = 0
            var firstKept: UInt32?
            for c in scalars where !isCamelBreak(c) {
                if firstKept == nil { firstKept = c }
                kept += 1
            }
            guard let firstKept else { return s.string("view") }
            let lead = firstKept &- 0x30 < 10 ? 1 : 0  // a `v` before a leading digit
            // (ASCII only: what is not a letter, a digit or `_` becomes `_`.)
            return s.latin1String(count: kept + lead) { out in
                var n = 0
                if lead == 1 { out[0] = 0x76; n = 1 }
                var up = false
                var any = false
                for c in scalars {
                    if isCamelBreak(c) { up = true; continue }
                    out[n] = UInt8(truncatingIfNeeded: !isIdentifierScalar(c) ? 0x5F : up && any && c &- 0x61 < 26 ? c - 0x20 : c)
                    n += 1
                    any = true
                    up = false
                }
            }
        }
    }

    /// `- ? ! * / < > = + . %`: dropped by `%htll-identifier`, upper-casing the next letter.
    @inline(__always) static func isCamelBreak(_ c: UInt32) -> Bool {
        switch c {
        case 0x2D, 0x3F, 0x21, 0x2A, 0x2F, 0x3C, 0x3E, 0x3D, 0x2B, 0x2E, 0x25: return true
        default: return false
        }
    }
}
