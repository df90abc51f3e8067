/// Reading numbers: the R7RS numeric syntax for real numbers (no complex numbers).
///
/// Accepted: prefixes `#x #b #o #d #e #i` (at most one radix and one exactness, either order),
/// an optional sign, then digits in the radix, `n/d` (exact only when d divides n: there are no
/// rationals, so `1/2` reads as 0.5 and `#e1/2` is not a number), decimals with `.` and an `e`
/// exponent (radix 10 only), and `+inf.0 -inf.0 +nan.0 -nan.0`.
extension Numbers {
    /// The number `text` denotes in `radix` (2...36, overridable by a prefix), or nil when `text`
    /// is not a number. Used by the reader for numeric-looking tokens and by `string->number`.
    static func parse(_ text: String, radix: Int = 10, rt: Runtime) -> Value? {
        var text = text
        return text.withUTF8 { parse(bytes: $0, radix: radix, rt: rt) }
    }

    private static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c | 0x20 : c }

    /// The value of digit `c` in `radix`, or nil.
    @inline(__always) private static func digit(_ c: UInt8, _ radix: Int) -> UInt8? {
        let v: UInt8
        switch c {
        case 48...57: v = c - 48
        case 97...122: v = c - 87
        case 65...90: v = c - 55
        default: return nil
        }
        return Int(v) < radix ? v : nil
    }

    static func parse(bytes b: UnsafeBufferPointer<UInt8>, radix defaultRadix: Int, rt: Runtime) -> Value? {
        let n = b.count
        // Converting n digits takes about n²/128 limb operations: reported first, so a limit refuses
        // a 3-million-digit literal at once rather than after half a minute (the value returned then
        // is never used: the evaluation ends at its next check).
        guard n < 4096 || WorkMeter.charge(n * n / 128) else { return .fixnum(0) }
        var i = 0
        var radix: Int? = nil
        var exactness: UInt8? = nil  // "e" or "i"
        while i + 1 < n && b[i] == UInt8(ascii: "#") {
            let c = lower(b[i + 1])
            switch c {
            case UInt8(ascii: "x"), UInt8(ascii: "b"), UInt8(ascii: "o"), UInt8(ascii: "d"):
                if radix != nil { return nil }
                radix = c == UInt8(ascii: "x") ? 16 : c == UInt8(ascii: "b") ? 2 : c == UInt8(ascii: "o") ? 8 : 10
            case UInt8(ascii: "e"), UInt8(ascii: "i"):
                if exactness != nil { return nil }
                exactness = c
            default:
                return nil
            }
            i += 2
        }
        let r = radix ?? defaultRadix
        guard r >= 2 && r <= 36, i < n else { return nil }

        var negative = false
        let signed = b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")
        if signed {
            negative = b[i] == UInt8(ascii: "-")
            i += 1
            if n - i == 5 {
                // +inf.0 -inf.0 +nan.0 -nan.0
                let word = (0..<5).map { lower(b[i + $0]) }
                if word == Array("inf.0".utf8) {
                    return exactness == UInt8(ascii: "e") ? nil : .flonum(negative ? -.infinity : .infinity)
                }
                if word == Array("nan.0".utf8) {
                    return exactness == UInt8(ascii: "e") ? nil : .flonum(.nan)
                }
            }
        }
        guard i < n else { return nil }

        // Fast path: a plain integer that fits in a fixnum.
        let start = i
        var acc = 0
        var overflow = false
        while i < n, let d = digit(b[i], r) {
            if !overflow {
                let (m, o1) = acc.multipliedReportingOverflow(by: r)
                let (s, o2) = negative ? m.subtractingReportingOverflow(Int(d)) : m.addingReportingOverflow(Int(d))
                if o1 || o2 { overflow = true } else { acc = s }
            }
            i += 1
        }
        let intDigits = i - start
        if i == n {
            if intDigits == 0 { return nil }
            let value: Value = overflow
                ? normalize(BigNum.fromDigits(digitValues(b, start, i, r), radix: r, negative: negative), rt)
                : .fixnum(acc)
            if exactness == UInt8(ascii: "i") { return .flonum(toDouble(value) ?? 0) }
            return value
        }

        if b[i] == UInt8(ascii: "/") {
            guard intDigits > 0 else { return nil }
            let dstart = i + 1
            var j = dstart
            while j < n, digit(b[j], r) != nil { j += 1 }
            guard j == n, j > dstart else { return nil }
            let num = BigNum.fromDigits(digitValues(b, start, i, r), radix: r, negative: negative)
            let den = BigNum.fromDigits(digitValues(b, dstart, j, r), radix: r, negative: false)
            if den.isZero { return nil }
            let (q, rem) = num.quotientAndRemainder(dividingBy: den)
            if exactness == UInt8(ascii: "i") || !rem.isZero {
                return exactness == UInt8(ascii: "e") ? nil : .flonum(ratioToDouble(num, den))
            }
            return normalize(q, rt)
        }

        // A decimal: digits [. digits] [e [sign] digits], radix 10 only.
        guard r == 10 else { return nil }
        var fracDigits = 0
        if b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, digit(b[i], 10) != nil { i += 1; fracDigits += 1 }
        }
        guard intDigits + fracDigits > 0 else { return nil }
        var exponent = 0
        let mantissaEnd = i
        if i < n, r == 10, [UInt8(ascii: "s"), UInt8(ascii: "f"), UInt8(ascii: "d"), UInt8(ascii: "l")].contains(lower(b[i])) {
            // R5RS exponent markers (short, single, double, long): all mean a double here, as `e`.
            var copy = Array(b)
            copy[i] = UInt8(ascii: "e")
            return copy.withUnsafeBufferPointer { parse(bytes: $0, radix: defaultRadix, rt: rt) }
        }
        if i < n && lower(b[i]) == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < n && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) {
                expNegative = b[i] == UInt8(ascii: "-")
                i += 1
            }
            let expStart = i
            while i < n, let d = digit(b[i], 10) {
                if exponent < 100_000_000 { exponent = exponent * 10 + Int(d) }
                i += 1
            }
            guard i > expStart else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard i == n else { return nil }

        if exactness == UInt8(ascii: "e") {
            return exactDecimal(b, start, mantissaEnd, intDigits: intDigits, exponent: exponent,
                                negative: negative, rt)
        }
        return .flonum(decimalToDouble(b, signed ? start - 1 : start, n, start: start,
                                       mantissaEnd: mantissaEnd, exponent: exponent, negative: negative))
    }

    /// Digit values of `b[from..<to]` (all already checked to be digits).
    private static func digitValues(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ r: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(to - from)
        for k in from..<to { if let d = digit(b[k], r) { out.append(d) } }
        return out
    }

    private static let powersOfTen: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return p
    }

    /// The double nearest a validated decimal. Short mantissas with small exponents are exact in
    /// double arithmetic (one correctly rounded operation); anything else goes to the C library.
    private static func decimalToDouble(_ b: UnsafeBufferPointer<UInt8>, _ textStart: Int, _ end: Int,
                                        start: Int, mantissaEnd: Int, exponent: Int, negative: Bool) -> Double {
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0, seenDot = false
        for k in start..<mantissaEnd {
            if b[k] == UInt8(ascii: ".") { seenDot = true; continue }
            if digits == 0 && b[k] == UInt8(ascii: "0") {
                if seenDot { fraction += 1 }
                continue
            }
            digits += 1
            if seenDot { fraction += 1 }
            if digits <= 19 { mantissa = mantissa &* 10 &+ UInt64(b[k] - 48) }
        }
        if digits == 0 { return negative ? -0.0 : 0.0 }
        let e = exponent - fraction
        if digits <= 15 && e >= -22 && e <= 22 {
            let m = Double(mantissa)
            let d = e >= 0 ? m * powersOfTen[e] : m / powersOfTen[-e]
            return negative ? -d : d
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[textStart..<end]), as: UTF8.self)
        return Double(text) ?? .nan
    }

    /// `#e` applied to a decimal: exact when the decimal denotes an integer, else nil (no rationals).
    private static func exactDecimal(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ mantissaEnd: Int,
                                     intDigits: Int, exponent: Int, negative: Bool, _ rt: Runtime) -> Value? {
        var ds: [UInt8] = []
        for k in start..<mantissaEnd where b[k] != UInt8(ascii: ".") { ds.append(b[k] - 48) }
        let fracDigits = ds.count - intDigits
        var m = BigNum.fromDigits(ds, radix: 10, negative: negative)
        if m.isZero { return .fixnum(0) }
        let e = exponent - fracDigits
        if e > 100_000 { return nil }
        if e >= 0 { return normalize(m * BigNum(10).power(e), rt) }
        if -e > ds.count { return nil }  // |m| < 10^-e: cannot be an integer
        let (q, r) = m.quotientAndRemainder(dividingBy: BigNum(10).power(-e))
        if !r.isZero { return nil }
        m = q
        return normalize(m, rt)
    }
}
