/// Reading numbers: the whole R7RS numeric syntax (7.1.1) in radix 2, 8, 10 and 16 (and any
/// radix up to 36 for `string->number`).
///
/// Prefixes `#x #b #o #d #e #i` (at most one radix and one exactness, either order); integers,
/// ratios `n/d` and, in radix 10, decimals with an exponent (`e`, or R5RS's `s f d l`); `+inf.0
/// -inf.0 +nan.0 -nan.0`; rectangular `a+bi`, `+i`, `-2.5i` and polar `r@theta` complex numbers.
/// `#e` makes decimals exact (`#e1.5` is 3/2, `#e1e400` an integer); `#i` makes everything inexact.
extension Numbers {
    /// The number `text` denotes in `radix` (2...36, overridable by a prefix), or nil when `text`
    /// is not a number. Used by the reader for numeric-looking tokens and by `string->number`.
    static func parse(_ text: String, radix: Int = 10, rt: Runtime) -> Value? {
        var text = text
        return text.withUTF8 { parse(bytes: $0, radix: radix, rt: rt) }
    }

    /// `#e`, `#i` or neither.
    enum Exactness { case exact, inexact, unspecified }

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
        // Converting many digits is reported first, so a limit refuses a literal too long for it at
        // once rather than after the work (the value returned then is never used: the evaluation
        // ends at its next check).
        guard n < 4096 || BigWork.affordable(BigWork.read(digits: n)) else { return .fixnum(0) }
        var i = 0
        var radix: Int? = nil
        var exactness = Exactness.unspecified
        while i + 1 < n && b[i] == UInt8(ascii: "#") {
            switch lower(b[i + 1]) {
            case UInt8(ascii: "x"): if radix != nil { return nil }; radix = 16
            case UInt8(ascii: "b"): if radix != nil { return nil }; radix = 2
            case UInt8(ascii: "o"): if radix != nil { return nil }; radix = 8
            case UInt8(ascii: "d"): if radix != nil { return nil }; radix = 10
            case UInt8(ascii: "e"): if exactness != .unspecified { return nil }; exactness = .exact
            case UInt8(ascii: "i"): if exactness != .unspecified { return nil }; exactness = .inexact
            default: return nil
            }
            i += 2
        }
        let r = radix ?? defaultRadix
        guard r >= 2 && r <= 36, i < n else { return nil }
        if let fast = parseFixnum(b, from: i, radix: r), exactness != .inexact { return .fixnum(fast) }
        if r == 10, exactness != .exact, let d = parseShortDecimal(b, from: i) { return .flonum(d) }
        var p = NumberParser(b: b, i: i, radix: r, exactness: exactness, rt: rt)
        return p.complex()
    }

    /// Powers of ten that doubles hold exactly (up to 10^22; `parseShortDecimal` needs 10^15).
    private static let exactPowersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// An optionally signed decimal with a point and at most 15 digits in all (`0.5`, `-12.25`,
    /// `3.`, `.5`): its digits as an integer and the power of ten of its fraction are both exact
    /// doubles, so one division gives the correctly rounded value, which is what the full parser
    /// gives (Clinger's fast path). Nil for anything else. Why: a colour's components in a layout
    /// are such numbers, and the full parser took about 1,000 instructions each (issue 19).
    private static func parseShortDecimal(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Double? {
        var i = start
        let negative = b[i] == UInt8(ascii: "-")
        if negative || b[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa = 0, digits = 0, fractionDigits = 0, point = false
        while i < b.count {
            let c = b[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                digits += 1
                if digits > 15 { return nil }
                mantissa = mantissa * 10 + Int(c - UInt8(ascii: "0"))
                if point { fractionDigits += 1 }
            } else if c == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
            i += 1
        }
        guard point, digits > 0 else { return nil }
        let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    /// A plain optionally signed integer that fits in a fixnum (the common literal), or nil.
    private static func parseFixnum(_ b: UnsafeBufferPointer<UInt8>, from start: Int, radix: Int) -> Int? {
        var i = start
        let negative = b[i] == UInt8(ascii: "-")
        if negative || b[i] == UInt8(ascii: "+") { i += 1 }
        guard i < b.count else { return nil }
        var acc = 0
        while i < b.count {
            guard let d = digit(b[i], radix) else { return nil }
            let (m, o1) = acc.multipliedReportingOverflow(by: radix)
            let (s, o2) = negative ? m.subtractingReportingOverflow(Int(d)) : m.addingReportingOverflow(Int(d))
            if o1 || o2 { return nil }
            acc = s
            i += 1
        }
        return acc
    }

    /// A recursive-descent parser over one numeric token.
    private struct NumberParser {
        let b: UnsafeBufferPointer<UInt8>
        var i: Int
        let radix: Int
        let exactness: Exactness
        let rt: Runtime

        var atEnd: Bool { i >= b.count }
        func peek(_ k: Int = 0) -> UInt8? { i + k < b.count ? lower(b[i + k]) : nil }

        /// <complex R>: the whole rest of the token.
        mutating func complex() -> Value? {
            let start = i
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                // `+i` / `-i` alone.
                if peek(1) == UInt8(ascii: "i") && i + 2 == b.count {
                    return rectangular(.fixnum(0), unit(negative: sign == UInt8(ascii: "-")))
                }
            }
            guard let first = real() else { return nil }
            if atEnd { return first }
            switch peek() {
            case UInt8(ascii: "@")?:
                i += 1
                guard let angle = real(), atEnd else { return nil }
                return polar(first, angle)
            case UInt8(ascii: "i")? where i + 1 == b.count && (b[start] == UInt8(ascii: "+") || b[start] == UInt8(ascii: "-")):
                // A signed real followed by i: a pure imaginary number.
                return rectangular(.fixnum(0), first)
            case UInt8(ascii: "+")?, UInt8(ascii: "-")?:
                let negative = peek() == UInt8(ascii: "-")
                if peek(1) == UInt8(ascii: "i") && i + 2 == b.count {
                    return rectangular(first, unit(negative: negative))
                }
                guard let imag = real(), peek() == UInt8(ascii: "i"), i + 1 == b.count else { return nil }
                return rectangular(first, imag)
            default:
                return nil
            }
        }

        /// The imaginary part of a bare `+i` or `-i`, of the prefix's exactness.
        func unit(negative: Bool) -> Value {
            let one = negative ? -1 : 1
            return exactness == .inexact ? .flonum(Double(one)) : .fixnum(one)
        }

        /// <real R>: an optional sign, then an unsigned real, or an infinity or NaN (which need
        /// the sign). Nil, with `i` unspecified, when there is none.
        mutating func real() -> Value? {
            var negative = false
            if let c = peek(), c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                negative = c == UInt8(ascii: "-")
                i += 1
                if let special = infinityOrNaN(negative: negative) { return special }
            }
            return ureal(negative: negative)
        }

        /// `inf.0` or `nan.0` after a sign.
        mutating func infinityOrNaN(negative: Bool) -> Value? {
            guard i + 5 <= b.count else { return nil }
            let word = (0..<5).map { lower(b[i + $0]) }
            let value: Double
            if word == Array("inf.0".utf8) {
                value = negative ? -.infinity : .infinity
            } else if word == Array("nan.0".utf8) {
                value = .nan
            } else {
                return nil
            }
            if exactness == .exact { return nil }
            i += 5
            return .flonum(value)
        }

        /// <ureal R>: digits, digits/digits, or (radix 10) a decimal.
        mutating func ureal(negative: Bool) -> Value? {
            let start = i
            while let c = peek(), digit(c, radix) != nil { i += 1 }
            let intEnd = i
            if peek() == UInt8(ascii: "/") {
                guard intEnd > start else { return nil }
                i += 1
                let denStart = i
                while let c = peek(), digit(c, radix) != nil { i += 1 }
                guard i > denStart else { return nil }
                let num = integerValue(start, intEnd, negative: negative)
                let den = integerValue(denStart, i, negative: false)
                if den.isZero { return nil }
                let q = Rational(num, den).reduced
                return exactness == .inexact ? .flonum(q.doubleValue) : Numbers.makeRational(q, rt)
            }
            guard radix == 10 else {
                guard intEnd > start else { return nil }
                let v = integerValue(start, intEnd, negative: negative)
                return exactness == .inexact ? .flonum(v.doubleValue) : Numbers.normalize(v, rt)
            }
            return decimal(start: start, intEnd: intEnd, negative: negative)
        }

        /// The value of digits b[from..<to] in the radix.
        func integerValue(_ from: Int, _ to: Int, negative: Bool) -> BigNum {
            var digits = [UInt8](repeating: 0, count: to - from)
            for k in from..<to { digits[k - from] = digit(b[k], radix) ?? 0 }
            return BigNum.fromDigits(digits, radix: radix, negative: negative)
        }

        /// A radix-10 number whose integer digits are b[start..<intEnd]: an optional fraction and
        /// an exponent. Exact only under `#e` (or when it is a plain integer).
        mutating func decimal(start: Int, intEnd: Int, negative: Bool) -> Value? {
            var fracEnd = intEnd
            var hasDot = false
            if peek() == UInt8(ascii: ".") {
                hasDot = true
                i += 1
                while let c = peek(), digit(c, 10) != nil { i += 1 }
                fracEnd = i
            }
            let intDigits = intEnd - start
            let fracDigits = hasDot ? fracEnd - intEnd - 1 : 0
            guard intDigits + fracDigits > 0 else { return nil }
            var exponent = 0
            var hasExponent = false
            if let c = peek(), [UInt8(ascii: "e"), UInt8(ascii: "s"), UInt8(ascii: "f"), UInt8(ascii: "d"), UInt8(ascii: "l")].contains(c) {
                var k = i + 1
                var expNegative = false
                if k < b.count && (b[k] == UInt8(ascii: "+") || b[k] == UInt8(ascii: "-")) {
                    expNegative = b[k] == UInt8(ascii: "-")
                    k += 1
                }
                let expStart = k
                while k < b.count, let d = digit(b[k], 10) {
                    // Saturate: anything this large is infinite, zero or too large to be exact.
                    if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(d) }
                    k += 1
                }
                guard k > expStart else { return nil }
                if expNegative { exponent = -exponent }
                hasExponent = true
                i = k
            }
            var mantissa: [UInt8] = []
            mantissa.reserveCapacity(intDigits + fracDigits)
            for k in start..<intEnd { mantissa.append(b[k] - 48) }
            if hasDot { for k in (intEnd + 1)..<fracEnd { mantissa.append(b[k] - 48) } }
            let scale = exponent - fracDigits
            if exactness == .exact || (exactness == .unspecified && !hasDot && !hasExponent) {
                return exactDecimal(mantissa, scale: scale, negative: negative)
            }
            return .flonum(Numbers.decimalToDouble(mantissa, scale: scale, negative: negative))
        }

        /// mantissa * 10^scale exactly, or nil when the result would be too large to hold.
        func exactDecimal(_ mantissa: [UInt8], scale: Int, negative: Bool) -> Value? {
            let m = BigNum.fromDigits(mantissa, radix: 10, negative: negative)
            if m.isZero { return .fixnum(0) }
            if scale == 0 { return Numbers.normalize(m, rt) }
            // 10^k has about 3.33k bits; refuse what `expt` would refuse.
            guard Swift.abs(scale) <= Numbers.maxExptBits / 4 else { return nil }
            let power = BigNum(10).power(Swift.abs(scale))
            if scale >= 0 { return Numbers.normalize(m * power, rt) }
            return Numbers.makeRational(Rational(m, power).reduced, rt)
        }

        /// A complex number from its rectangular parts (each already of the prefix's exactness).
        func rectangular(_ re: Value, _ im: Value) -> Value? {
            Numbers.makeRectangular(re, im, rt)
        }

        /// A complex number from its polar parts; `#e` makes the result exact.
        func polar(_ magnitude: Value, _ angle: Value) -> Value? {
            let z = Numbers.makePolar(magnitude, angle, rt)
            guard exactness == .exact else { return z }
            return try? Numbers.toExact(z, "string->number", rt)
        }
    }

    private static let powersOfTen: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return p
    }

    /// The double nearest mantissa * 10^scale. Short mantissas with small scales are exact in
    /// double arithmetic (one correctly rounded operation); anything else goes through the C
    /// library's correctly rounded conversion.
    static func decimalToDouble(_ mantissa: [UInt8], scale: Int, negative: Bool) -> Double {
        var digits = mantissa[...]
        while let first = digits.first, first == 0 { digits = digits.dropFirst() }
        if digits.isEmpty { return negative ? -0.0 : 0.0 }
        var scale = scale
        while digits.count > 1, digits.last == 0 {
            digits = digits.dropLast()
            scale += 1
        }
        if digits.count <= 15 && scale >= -22 && scale <= 22 {
            var m: UInt64 = 0
            for d in digits { m = m * 10 + UInt64(d) }
            let x = Double(m)
            let d = scale >= 0 ? x * powersOfTen[scale] : x / powersOfTen[-scale]
            return negative ? -d : d
        }
        // Far outside the double range: no need to hand the library a huge exponent.
        let magnitude = digits.count + scale
        if magnitude > 400 { return negative ? -.infinity : .infinity }
        if magnitude < -400 { return negative ? -0.0 : 0.0 }
        var text = negative ? "-" : ""
        text += String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
        text += "e\(scale)"
        return Double(text) ?? .nan
    }
}
