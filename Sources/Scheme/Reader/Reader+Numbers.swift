/// Number syntax (R7RS 7.1.1): `#x #b #o #d #e #i` prefixes in either order, signs, integers,
/// decimals with exponents (radix 10 only), `n/d`, and `+inf.0 -inf.0 +nan.0 -nan.0`.
///
/// The project has no exact rationals: `n/d` is exact only when it divides evenly (`6/3` is 2),
/// otherwise a flonum (`1/2` is 0.5); `#e` on a non-integer (`#e1.5`, `#e1/2`) is not a number.
/// There are no complex numbers: `1+2i` is not a number (the reader makes it a symbol).
extension Reader {
    /// Whether `#e` or `#i` was given.
    enum Exactness { case unspecified, exact, inexact }

    /// Parses `text` as a number; `radix` applies unless the text has a radix prefix. Nil when the
    /// text is not a number (what `string->number` turns into `#f`).
    static func parseNumber(_ text: String, radix: Int, runtime: Runtime) -> Value? {
        parseNumber(scalars: Array(text.unicodeScalars.map(\.value))[...], radix: radix, runtime: runtime)
    }

    /// `parseNumber` on scalars (the reader's tokens).
    static func parseNumber(scalars s: ArraySlice<UInt32>, radix defaultRadix: Int, runtime: Runtime) -> Value? {
        let end = s.endIndex
        var i = s.startIndex
        var radix: Int?
        var exactness = Exactness.unspecified
        while i < end, s[i] == Ch.hash {
            guard i + 1 < end else { return nil }
            switch s[i + 1] | 0x20 {  // ASCII lowercase
            case 0x78, 0x62, 0x6F, 0x64:  // x b o d
                guard radix == nil else { return nil }
                radix = [0x78: 16, 0x62: 2, 0x6F: 8, 0x64: 10][s[i + 1] | 0x20]
            case 0x65, 0x69:  // e i
                guard exactness == .unspecified else { return nil }
                exactness = (s[i + 1] | 0x20) == 0x65 ? .exact : .inexact
            default:
                return nil
            }
            i += 2
        }
        let r = radix ?? defaultRadix
        guard r == 2 || r == 8 || r == 10 || r == 16 else { return nil }

        var negative = false
        var hasSign = false
        if i < end, s[i] == Ch.plus || s[i] == Ch.minus {
            hasSign = true
            negative = s[i] == Ch.minus
            i += 1
        }
        guard i < end else { return nil }

        if hasSign && end - i == 5 {
            let word = String(decoding: s[i...].map { UInt8(truncatingIfNeeded: $0 | 0x20) }, as: UTF8.self)
            if word == "inf.0" { return exactness == .exact ? nil : .flonum(negative ? -.infinity : .infinity) }
            if word == "nan.0" { return exactness == .exact ? nil : .flonum(.nan) }
        }

        var j = i
        let whole = digits(s, &j, radix: r)
        if j == end {
            return whole.isEmpty ? nil : integer(whole, negative: negative, radix: r, exactness, runtime)
        }
        if s[j] == Ch.slash {
            j += 1
            let denominator = digits(s, &j, radix: r)
            guard !whole.isEmpty, !denominator.isEmpty, j == end else { return nil }
            return rational(whole, denominator, negative: negative, radix: r, exactness, runtime)
        }

        guard r == 10 else { return nil }
        var fraction: [UInt8] = []
        if s[j] == Ch.dot {
            j += 1
            fraction = digits(s, &j, radix: 10)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = 0
        if j < end, s[j] | 0x20 == 0x65 {  // e or E
            j += 1
            var exponentNegative = false
            if j < end, s[j] == Ch.plus || s[j] == Ch.minus {
                exponentNegative = s[j] == Ch.minus
                j += 1
            }
            let e = digits(s, &j, radix: 10)
            guard !e.isEmpty else { return nil }
            // Clamped: any exponent this large already over- or underflows a double.
            for d in e { exponent = min(exponent * 10 + Int(d), 1_000_000) }
            if exponentNegative { exponent = -exponent }
        }
        guard j == end else { return nil }
        return decimal(whole, fraction, exponent: exponent, negative: negative, exactness, runtime)
    }

    /// The digit values (below `radix`) starting at `j`; advances `j` past them.
    private static func digits(_ s: ArraySlice<UInt32>, _ j: inout Int, radix: Int) -> [UInt8] {
        var out: [UInt8] = []
        while j < s.endIndex, let v = digitValue(s[j]), v < radix {
            out.append(UInt8(v))
            j += 1
        }
        return out
    }

    /// The digits as an `Int`, or nil when it overflows.
    private static func intValue(_ digits: [UInt8], negative: Bool, radix: Int) -> Int? {
        var n = 0
        for d in digits {
            let (m, o1) = n.multipliedReportingOverflow(by: radix)
            let (a, o2) = negative ? m.subtractingReportingOverflow(Int(d)) : m.addingReportingOverflow(Int(d))
            if o1 || o2 { return nil }
            n = a
        }
        return n
    }

    /// The magnitude of the digits as the nearest double (correctly rounded for radix 10).
    private static func doubleValue(_ digits: [UInt8], radix: Int) -> Double {
        if radix == 10 {
            return Double(String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self)) ?? .nan
        }
        var d = 0.0
        for x in digits { d = d * Double(radix) + Double(x) }
        return d
    }

    private static func digitText(_ digits: [UInt8]) -> String {
        String(decoding: digits.map { $0 < 10 ? $0 + 0x30 : $0 - 10 + 0x61 }, as: UTF8.self)
    }

    private static func integer(_ digits: [UInt8], negative: Bool, radix: Int, _ exactness: Exactness,
                                _ runtime: Runtime) -> Value {
        if exactness == .inexact {
            let m = doubleValue(digits, radix: radix)
            return .flonum(negative ? -m : m)
        }
        if let n = intValue(digits, negative: negative, radix: radix) { return .fixnum(n) }
        return bigIntegerLiteral(digits: digitText(digits), negative: negative, radix: radix, runtime: runtime)
    }

    private static func rational(_ numerator: [UInt8], _ denominator: [UInt8], negative: Bool, radix: Int,
                                 _ exactness: Exactness, _ runtime: Runtime) -> Value? {
        if exactness != .inexact,
           let n = intValue(numerator, negative: negative, radix: radix),
           let d = intValue(denominator, negative: false, radix: radix) {
            guard d != 0 else { return nil }
            let (q, o) = n.dividedReportingOverflow(by: d)
            if !o && n % d == 0 { return .fixnum(q) }
        }
        // No exact rationals: an uneven ratio is a flonum, and not a number at all under `#e`.
        guard exactness != .exact else { return nil }
        let d = doubleValue(denominator, radix: radix)
        guard d != 0 else { return nil }
        let q = doubleValue(numerator, radix: radix) / d
        return .flonum(negative ? -q : q)
    }

    private static func decimal(_ whole: [UInt8], _ fraction: [UInt8], exponent: Int, negative: Bool,
                                _ exactness: Exactness, _ runtime: Runtime) -> Value? {
        if exactness != .exact {
            let text = digitText(whole.isEmpty ? [0] : whole) + "." + digitText(fraction.isEmpty ? [0] : fraction)
                + "e" + String(exponent)
            guard let m = Double(text) else { return nil }
            return .flonum(negative ? -m : m)
        }
        // #e on a decimal: exact only when the value is an integer (there are no exact rationals).
        var all = Array((whole + fraction).drop(while: { $0 == 0 }))
        let scale = exponent - fraction.count
        if scale >= 0 {
            if all.isEmpty { return .fixnum(0) }
            guard all.count + scale <= 10_000 else { return nil }
            all += [UInt8](repeating: 0, count: scale)
        } else {
            let k = -scale
            if k >= all.count {
                guard all.isEmpty else { return nil }
            } else {
                guard all.suffix(k).allSatisfy({ $0 == 0 }) else { return nil }
                all.removeLast(k)
            }
        }
        if all.isEmpty { return .fixnum(0) }
        return integer(all, negative: negative, radix: 10, .exact, runtime)
    }

    /// An exact integer literal too big for a fixnum. `digits` are in `radix` (lowercase, no sign).
    ///
    /// Placeholder until bignums exist: the numbers helper replaces this body with
    /// `Numbers.makeInteger(fromDecimalDigits:negative:radix:runtime:)`. For now it returns the nearest
    /// flonum, so a huge literal reads as an (inexact) approximation instead of failing.
    static func bigIntegerLiteral(digits: String, negative: Bool, radix: Int, runtime: Runtime) -> Value {
        let values = digits.unicodeScalars.compactMap { digitValue($0.value) }.map { UInt8($0) }
        let m = doubleValue(values, radix: radix)
        return .flonum(negative ? -m : m)
    }
}
