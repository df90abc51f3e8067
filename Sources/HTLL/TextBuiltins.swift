import Scheme

/// Swift builtins for the prelude's hottest text work on large layouts (issue 19).
///
/// Measured (callgrind, 1,000 labels in one `vseq`, `--objc`): every operation of the interpreter
/// costs about a thousand instructions (a call, a `cons`, a `string-append`), so work done once
/// per character or once per line of output dominated: escaping a label's text character by
/// character cost about 30 K instructions a label, joining the lines of a fragment two copies per
/// line. These take and return values (strings, lists of strings); what the text means (which
/// characters a literal escapes, and how) stays in the prelude (12-names.scm).
extension HTLL {
    /// The builtins, one line each: name, arity, implementation.
    static let textBuiltins: [(name: String, arity: Arity, body: (Scheme, Arguments) throws -> Value)] = [
        ("%htll-plain-text?", .exactly(1), { s, args in try plainText(s, args[0]) }),
        ("%htll-plain-run-end", .exactly(2), { s, args in try plainRunEnd(s, args[0], args[1]) }),
        ("%htll-join-reversed", .exactly(1), { s, args in try joinReversed(s, args[0]) }),
        ("%htll-fraction-text", .exactly(1), { s, args in try fractionText(s, args[0]) }),
        ("%htll-number-text", .exactly(1), { s, args in try numberText(s, args[0]) }),
        ("%htll-numbered-name", .exactly(2), { s, args in try numberedName(s, args[0], args[1]) }),
        ("%htll-indented-lines", .exactly(2), { s, args in try indentedLines(s, args[0], args[1]) }),
        ("%htll-plain-json", .exactly(1), { s, args in plainJSON(s, args[0]) }),
        ("%htll-plain-json-members", .exactly(1), { s, args in plainJSONMembers(s, args[0]) }),
    ]

    /// Defines `textBuiltins` and `nameBuiltins` (TextBuiltins+Names.swift) in `env`.
    static func defineTextBuiltins(in scheme: Scheme, _ env: Environment) {
        for b in textBuiltins + nameBuiltins {
            scheme.define(b.name, arity: b.arity, in: env, b.body)
        }
    }

    /// `(%htll-plain-text? S)`: #t when S needs no escape in any literal dialect (12-names.scm's
    /// htll:literal): printable ASCII only, no `"` or `\`, and no `??` (C's trigraph guard).
    static func plainText(_ s: Scheme, _ text: Value) throws -> Value {
        guard let string = text.sstring else { throw s.error("%htll-plain-text?: expected a string", text) }
        return .bool(string.withStorage(narrow: { isPlain($0) }, wide: { isPlain($0) }))
    }

    /// Whether `characters` (bytes of a narrow string or scalars of a wide one) are plain text in
    /// the sense of `%htll-plain-text?`.
    static func isPlain<C: FixedWidthInteger & UnsignedInteger>(_ characters: UnsafeBufferPointer<C>) -> Bool {
        var previous: UInt32 = 0
        for c in characters {
            let c = UInt32(truncatingIfNeeded: c)
            if !isPlainScalar(c, after: previous) { return false }
            previous = c
        }
        return true
    }

    /// Whether `c`, after `previous`, is plain: printable ASCII, not `"` or `\`, not a second `?`.
    @inline(__always) static func isPlainScalar(_ c: UInt32, after previous: UInt32) -> Bool {
        !(c < 0x20 || c > 0x7E || c == 0x22 || c == 0x5C || (c == 0x3F && previous == 0x3F))
    }

    /// `(%htll-join-reversed PIECES)`: the strings of the proper list PIECES joined last first,
    /// as one new string. Texts made piece by piece are consed onto a list (69-json.scm's
    /// htll:json-pieces, a view of `htll frames` at a time); joining them here costs no reverse
    /// and no apply (for a view's 25 pieces about 3.5 K instructions, where those took 5.8 K).
    static func joinReversed(_ s: Scheme, _ pieces: Value) throws -> Value {
        // (Pairs and strings read in place: through `car` and `sstring` every piece was retained
        // and released twice, which made this slower than the reverse and apply it replaces.)
        var total = 0, count = 0
        var wide = false
        var rest = pieces
        while case .pair(let p) = rest {
            guard case .string(let u) = p.car else { throw s.error("%htll-join-reversed: expected a list of strings", pieces) }
            // (The length and width returned, not added to the captured variables: those were
            // boxed and each access checked at run time, about 60 instructions a piece.)
            let (length, isWide) = (u.count, u.isWide)
            total += length
            wide = wide || isWide
            count += 1
            // (A circular list never ends: no list of texts is this long.)
            guard count <= maxJoinedPieces else { throw s.error("%htll-join-reversed: more than \(maxJoinedPieces) strings", .fixnum(count)) }
            rest = p.cdr
        }
        guard rest.isNull else { throw s.error("%htll-join-reversed: expected a proper list", pieces) }
        // (Each piece copied by the string itself, as `string-append` does: through `withScalars`
        // every narrow piece of a wide join was copied twice.)
        if !wide {
            return s.latin1String(count: total) { out in
                copyReversed(pieces, to: out.baseAddress, total: total) { $0.copyBytes(to: $1) }
            }
        }
        return s.string(count: total) { out in
            copyReversed(pieces, to: out.baseAddress, total: total) { $0.copyScalars(to: $1) }
        }
    }

    /// Copies the strings of the list `pieces` (checked to be strings) to `to`, the last first,
    /// the first ending at `total`, each through `copy` (a string and where it goes).
    private static func copyReversed<T>(_ pieces: Value, to: UnsafeMutablePointer<T>?, total: Int,
                                        _ copy: (SString, UnsafeMutablePointer<T>) -> Void) {
        guard let to else { return }
        var at = total
        var rest = pieces
        while case .pair(let p) = rest, case .string(let u) = p.car {
            let start = at - u.count
            copy(u, to + start)
            at = start
            rest = p.cdr
        }
    }

    /// The most strings `%htll-join-reversed` joins.
    static let maxJoinedPieces = 10_000_000

    /// `(%htll-plain-run-end S I)`: the index of the first character of S at or after I that is
    /// not plain in the sense of `%htll-plain-text?` (a `?` is not plain after a `?`, the one
    /// before I included), or S's length. 12-names.scm's htll:escaped-literal writes the plain
    /// run up to it whole and escapes only what follows: character by character, a literal with
    /// a quote in it (an image's name written as `(image-named "icon")`, in every view's JSON)
    /// cost about 6 K instructions a character.
    static func plainRunEnd(_ s: Scheme, _ text: Value, _ start: Value) throws -> Value {
        guard let string = text.sstring else { throw s.error("%htll-plain-run-end: expected a string", text) }
        guard case .fixnum(let i) = start, i >= 0, i <= string.count else {
            throw s.error("%htll-plain-run-end: expected an index of the string", start)
        }
        return .fixnum(string.withStorage(narrow: { plainRunEnd($0, from: i) }, wide: { plainRunEnd($0, from: i) }))
    }

    /// The index of the first character of `characters` at or after `i` (at most their count)
    /// that is not plain, or their count.
    private static func plainRunEnd<C: FixedWidthInteger & UnsignedInteger>(_ characters: UnsafeBufferPointer<C>, from i: Int) -> Int {
        var previous: UInt32 = i > 0 ? UInt32(truncatingIfNeeded: characters[i - 1]) : 0
        var k = i
        while k < characters.count {
            let c = UInt32(truncatingIfNeeded: characters[k])
            if !isPlainScalar(c, after: previous) { break }
            previous = c
            k += 1
        }
        return k
    }

    /// `(%htll-fraction-text X)`: the flonum X (finite; htll:number->c passes those under 1e15) rounded to ten
    /// decimals (half to even, as Scheme's `round`) with its trailing zeros dropped, as
    /// 00-util.scm's htll:fraction->c prints a number that is not an exact integer: "0.852",
    /// "-12.5", "3" (no point when nothing is left after it), "0" for what rounds to zero. In
    /// Scheme it cost about 50 K instructions a number (scaling, quotient, remainder, padding and
    /// a loop over the digits), and `htll frames` prints a new one for nearly every view of a
    /// long sequence (each label's y, issue 19).
    static func fractionText(_ s: Scheme, _ x: Value) throws -> Value {
        // Scaled, an integer: exact in 128 bits below 3.4e38 (about 1e25 from number->c), where
        // the quotient and remainder are exact too.
        guard case .flonum(let d) = x, d.isFinite else {
            throw s.error("%htll-fraction-text: expected a finite flonum under 3.4e28 in magnitude", x)
        }
        let scaled = (abs(d) * 10_000_000_000).rounded(.toNearestOrEven)
        // Nearly every number of a layout: in 64 bits, whose division is a few instructions
        // (through UInt128 and Swift strings, a number cost about 2,600, issue 19).
        if let small = UInt64(exactly: scaled) {
            let (whole, fraction) = small.quotientAndRemainder(dividingBy: 10_000_000_000)
            return decimalText(s, negative: d < 0, whole: whole, fraction: fraction)
        }
        guard let large = UInt128(exactly: scaled) else {
            throw s.error("%htll-fraction-text: expected a finite flonum under 3.4e28 in magnitude", x)
        }
        let (whole, fraction) = large.quotientAndRemainder(dividingBy: 10_000_000_000)
        return decimalText(s, negative: d < 0, whole: whole, fraction: UInt64(fraction))
    }

    /// `(%htll-number-text X)`: what 00-util.scm's htll:number->c prints for a fixnum or a finite
    /// flonum under 1e15 in magnitude (the numbers of nearly every layout): the fixnum's digits,
    /// or the flonum as `fractionText` prints it. #f for any other value, which htll:number->c
    /// handles (ratios, big numbers, the errors). In Scheme, the checks before the fraction took
    /// about 5 K instructions a number, and `htll frames` prints several for every view.
    static func numberText(_ s: Scheme, _ x: Value) throws -> Value {
        switch x {
        case .fixnum(let n) where n.magnitude < 1_000_000_000_000_000:
            return decimalText(s, negative: n < 0, whole: n.magnitude, fraction: 0)
        case .flonum(let d) where d.isFinite && abs(d) < 1e15:
            return try fractionText(s, x)
        default:
            return .false
        }
    }

    /// The Scheme string of WHOLE and the ten decimals FRACTION (below 10^10) with their
    /// trailing zeros dropped (no point when none is left), after a "-" when NEGATIVE and the
    /// number is not zero: written right to left in place, no Swift string made.
    static func decimalText<W: FixedWidthInteger & UnsignedInteger>(
        _ s: Scheme, negative: Bool, whole: W, fraction: UInt64
    ) -> Value {
        // A sign, at most 39 digits (UInt128), a point and ten decimals.
        let capacity = 52
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { text in
            var at = capacity
            if fraction != 0 {
                var f = fraction, places = 10
                while f % 10 == 0 { f /= 10; places -= 1 }
                for _ in 0..<places { at -= 1; text[at] = 0x30 + UInt8(f % 10); f /= 10 }
                at -= 1; text[at] = 0x2E
            }
            var w = whole
            repeat { at -= 1; text[at] = 0x30 + UInt8(truncatingIfNeeded: w % 10); w /= 10 } while w != 0
            if negative && (whole != 0 || fraction != 0) { at -= 1; text[at] = 0x2D }
            let start = at
            return s.latin1String(count: capacity - start) { out in
                for i in 0..<out.count { out[i] = text[start + i] }
            }
        }
    }

    /// `(%htll-numbered-name BASE N)`: the string BASE followed by the digits of the non-negative
    /// fixnum N, "label" 12 => "label12": the name of every view no variable names
    /// (68-names.scm). As `(string-append base (number->string n))` it cost about 3,700
    /// instructions a view, a tenth of naming a long sequence's views; made through a Swift
    /// `String`, about 2,000 (issue 19). Written in place, scalars then digits.
    static func numberedName(_ s: Scheme, _ base: Value, _ n: Value) throws -> Value {
        guard let string = base.sstring, case .fixnum(let k) = n, k >= 0 else {
            throw s.error("%htll-numbered-name: expected a string and a non-negative fixnum", base, n)
        }
        var digits = 1
        var rest = k
        while rest >= 10 { rest /= 10; digits += 1 }
        return string.withStorage(narrow: { bytes in
            s.latin1String(count: bytes.count + digits) { out in
                for i in 0..<bytes.count { out[i] = bytes[i] }
                var rest = k
                for i in (bytes.count..<out.count).reversed() {
                    out[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
        }, wide: { scalars in
            s.string(count: scalars.count + digits) { out in
                for i in 0..<scalars.count { out[i] = scalars[i] }
                var rest = k
                for i in (scalars.count..<out.count).reversed() {
                    out[i] = UInt32(UInt8(ascii: "0")) + UInt32(rest % 10)
                    rest /= 10
                }
            }
        })
    }

    /// `(%htll-indented-lines N LINES)`: a new list of the strings LINES, each non-empty one after
    /// N spaces, each empty one itself (00-util.scm's htll:indent). In Scheme each line was a
    /// call, a comparison and a `string-append`; here it is one new string, its characters copied
    /// at once, and `--swift` indents every line of its methods' bodies (issue 19).
    static func indentedLines(_ s: Scheme, _ n: Value, _ lines: Value) throws -> Value {
        guard case .fixnum(let pad) = n, pad >= 0, pad <= 64 else {
            throw s.error("%htll-indented-lines: expected a count of spaces from 0 to 64", n)
        }
        var indented: [Value] = []
        var rest = lines
        while let line = rest.car {
            guard let string = line.sstring else { throw s.error("%htll-indented-lines: expected a string", line) }
            if string.count == 0 {
                indented.append(line)
            } else {
                // (One copy of the line: element by element it cost ten instructions a character.)
                indented.append(string.withStorage(narrow: { bytes in
                    s.latin1String(count: pad + bytes.count) { out in
                        guard let to = out.baseAddress, let from = bytes.baseAddress else { return }
                        for i in 0..<pad { to[i] = 0x20 }
                        (to + pad).update(from: from, count: bytes.count)
                    }
                }, wide: { scalars in
                    s.string(count: pad + scalars.count) { out in
                        guard let to = out.baseAddress, let from = scalars.baseAddress else { return }
                        for i in 0..<pad { to[i] = 0x20 }
                        (to + pad).update(from: from, count: scalars.count)
                    }
                }))
            }
            rest = rest.cdr ?? .null
        }
        guard rest.isNull else { throw s.error("%htll-indented-lines: expected a proper list of strings", lines) }
        return s.list(indented)
    }

    /// The list of strings LINES, each followed by a newline, as a Swift string; with `indented`,
    /// each non-empty line after four spaces (a method body's). What the fragments' printers
    /// return goes to Swift this way: made into one Scheme string first, it was converted three
    /// times (scalars to a Swift string, back to scalars, and again to a Swift string), about
    /// 30 K instructions a label of `--objc` (issue 19). Nil when LINES is not a list of strings.
    static func linesText(_ lines: Value, indented: Bool) -> String? {
        var out: [UInt8] = []
        if appendLines(lines, to: &out, indented: indented) != nil { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// What `appendLines` gives for LINES when it is a proper list of strings of ASCII without line
    /// breaks (a fragment of generated code, nearly always), made in one buffer of the right size:
    /// the lengths summed first, then each line's bytes written as they are checked. Nil for any
    /// other list (`appendLines` then goes line by line). Growing the text line by line cost about
    /// 20 instructions a byte, a thirtieth of `--objc` for 10,000 labels (issue 19).
    static func plainLinesText(_ lines: Value, indented: Bool) -> [UInt8]? {
        var total = 0
        var block = 0
        var rest = lines
        while let line = rest.car {
            if let k = blockIndent(line) {
                block = k
            } else {
                guard let n = line.sstring?.count else { return nil }
                total += n + (n > 0 ? (indented ? 4 : 0) + block : 0) + 1
            }
            rest = rest.cdr ?? .null
        }
        guard rest.isNull else { return nil }
        var plain = true
        block = 0
        let text = [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            var at = 0
            var rest = lines
            while plain, let line = rest.car {
                rest = rest.cdr ?? .null
                if let k = blockIndent(line) { block = k; continue }
                guard let string = line.sstring else { plain = false; break }
                // (The lengths were summed above; a string cannot have grown since.)
                let written = string.withStorage(narrow: { plainLine($0, to: base, at: at, total: total, indent: indented ? 4 + block : block) },
                                                 wide: { plainLine($0, to: base, at: at, total: total, indent: indented ? 4 + block : block) })
                guard let written else { plain = false; break }
                at = written
            }
            // Only what was written is initialized (all of it when every line was plain).
            count = at
        }
        return plain && text.count == total ? text : nil
    }

    /// Writes the line `source` (a narrow string's bytes or a wide one's scalars) at `at` in `base`
    /// (room for `total` bytes), after `indent` spaces when it is not empty, and a newline; returns
    /// where the next line goes, or nil when the line is not ASCII without line breaks (or does not
    /// fit). Checked, then narrowed, in two loops without an early exit, which the compiler
    /// vectorizes: one loop that stopped at the first scalar that is not plain cost about 10
    /// instructions a byte (issue 19). (The line's bytes are written only once it is known plain.)
    private static func plainLine<C: FixedWidthInteger & UnsignedInteger>(_ source: UnsafeBufferPointer<C>, to base: UnsafeMutablePointer<UInt8>,
                                                                         at start: Int, total: Int, indent: Int) -> Int? {
        let pad = source.count > 0 ? indent : 0
        guard start + pad + source.count + 1 <= total else { return nil }
        var at = start
        if let s = source.baseAddress {
            let n = source.count
            var high: C = 0, breaks: C = 0
            for i in 0..<n {
                let c = s[i]
                high |= c
                breaks |= (c == 0x0A ? 1 : 0) | (c == 0x0D ? 1 : 0)
            }
            if high >= 0x80 || breaks != 0 { return nil }
            for _ in 0..<pad { base[at] = 0x20; at += 1 }
            let out = base + at
            for i in 0..<n { out[i] = UInt8(truncatingIfNeeded: s[i]) }
            at += n
        }
        base[at] = 0x0A
        return at + 1
    }

    /// The spaces an element of a list of lines puts before each later non-empty line, when it
    /// is such an element (a fixnum from 0 to 64), else nil. A block of lines indented this way
    /// (79-swift-shapes.scm's method bodies: `8 LINE ... 0`) prints as `htll:indent` of them
    /// printed, without a new string for each line (4% of `--swift` for 5,000 buttons, issue 19).
    static func blockIndent(_ element: Value) -> Int? {
        if case .fixnum(let k) = element, k >= 0, k <= 64 { return k }
        return nil
    }

    /// Appends LINES (a list of strings) to `out` as UTF-8, each line followed by a newline and,
    /// with `indented`, each line that is not empty after four spaces, a line ending at a newline
    /// that is not the second half of a "\r\n" (a "\r\n" is one Character, as splitting a
    /// String on "\n" sees it); a fixnum element sets the block indentation of the lines after it
    /// (`blockIndent`). Returns the element that is neither, `.null` when LINES is not a proper
    /// list, or nil when done.
    static func appendLines(_ lines: Value, to out: inout [UInt8], indented: Bool) -> Value? {
        if let text = plainLinesText(lines, indented: indented) {
            if out.isEmpty { out = text } else { out.append(contentsOf: text) }
            return nil
        }
        var rest = lines
        var atLineStart = true
        var previous: UInt32 = 0
        var block = 0
        while let line = rest.car {
            rest = rest.cdr ?? .null
            if let k = blockIndent(line) { block = k; continue }
            guard let string = line.sstring else { return line }
            string.withScalars { scalars in
                if block == 0 || scalars.isEmpty {
                    appendLine(scalars, to: &out, indented: indented, &atLineStart, &previous)
                } else {
                    // (Rare: a line this way is not plain ASCII. Its block's spaces lead it as if
                    // they were its own first characters, as htll:indent would have made it.)
                    let padded = [UInt32](repeating: 0x20, count: block) + Array(scalars)
                    padded.withUnsafeBufferPointer { appendLine($0, to: &out, indented: indented, &atLineStart, &previous) }
                }
            }
        }
        return rest.isNull ? nil : .null
    }

    /// One line of `appendLines` (see there), its scalars in place.
    private static func appendLine(_ scalars: UnsafeBufferPointer<UInt32>, to out: inout [UInt8], indented: Bool,
                                   _ atLineStart: inout Bool, _ previous: inout UInt32) {
        // A line of ASCII without line breaks (nearly every line of generated code): its bytes
        // in one pass, room made once, which is what the loop below does for it. The loop cost
        // about 15 instructions a byte, a twentieth of `--objc` for 10,000 labels (issue 19).
        // (Doubling: reserving exactly what each line needs would copy the text per line.)
        let needed = out.count + scalars.count + 5
        if out.capacity < needed { out.reserveCapacity(max(needed, 2 * out.capacity)) }
        let lineStart = out.count
        let pad = indented && atLineStart && !scalars.isEmpty ? 4 : 0
        // Room for the indentation and the bytes (one append), then each byte written in place
        // as it is checked (appending them one by one checked the room and the array's
        // uniqueness per byte; checking the line first and copying it after walked it twice).
        // A line that is not plain is taken back and goes to the loop below.
        let start = lineStart + pad
        out.append(contentsOf: repeatElement(0, count: pad + scalars.count))
        let plain = out.withUnsafeMutableBufferPointer { bytes in
            for j in 0..<pad { bytes[lineStart + j] = 0x20 }
            for i in 0..<scalars.count {
                let c = scalars[i]
                if c >= 0x80 || c == 0x0A || c == 0x0D { return false }
                bytes[start + i] = UInt8(truncatingIfNeeded: c)
            }
            return true
        }
        if plain {
            out.append(0x0A)
            atLineStart = true
            previous = 0x0A
            return
        }
        out.removeSubrange(lineStart...)
        for c in scalars {
            // (A value that is no Unicode scalar is left out, as String would leave it out.)
            let scalar: Unicode.Scalar? = c < 0x80 ? nil : Unicode.Scalar(c)
            if c >= 0x80 && scalar == nil { continue }
            if indented && atLineStart {
                if c != 0x0A { out.append(contentsOf: [0x20, 0x20, 0x20, 0x20]) }
                atLineStart = false
            }
            if let scalar {
                UTF8.encode(scalar) { out.append($0) }
            } else {
                out.append(UInt8(truncatingIfNeeded: c))
            }
            if c == 0x0A && previous != 0x0D { atLineStart = true }
            previous = c
        }
        if indented && atLineStart { atLineStart = false }
        out.append(0x0A)
        if previous != 0x0D { atLineStart = true }
        previous = 0x0A
    }
}
