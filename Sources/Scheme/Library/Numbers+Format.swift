/// Writing numbers: exact numbers in radix 2...36, flonums as the shortest decimal that reads back.
extension Numbers {
    /// The text of number `v` in `radix`, or nil when `v` is not a number. Used by `Printer`,
    /// `number->string` and error messages. A flonum in a radix other than 10 is written as
    /// `#i` and the exact fraction it stands for (`#i1/10` for 0.5 in radix 2), which reads back.
    static func format(_ v: Value, radix: Int = 10) -> String? {
        guard radix >= 2 && radix <= 36 else { return nil }
        switch v {
        case .fixnum(let n): return String(n, radix: radix)
        case .flonum(let d): return radix == 10 ? formatFlonum(d) : formatInexact(d, radix: radix)
        default: return classify(v).map { format($0, radix: radix) }
        }
    }

    static func format(_ n: Num, radix: Int) -> String {
        // Reported first to the limits (the text is never seen when they refuse it).
        if radix & (radix - 1) != 0 && !BigWork.affordable(BigWork.write(limbs(n))) { return "0" }
        switch n {
        case .fixnum(let i): return String(i, radix: radix)
        case .big(let b): return b.toString(radix: radix)
        case .ratio(let r): return r.numerator.toString(radix: radix) + "/" + r.denominator.toString(radix: radix)
        case .flonum(let d): return radix == 10 ? formatFlonum(d) : formatInexact(d, radix: radix)
        case .complex(let z): return formatComplex(z, radix: radix)
        }
    }

    /// re+imi: the real part left out when it is an exact zero (+2i), an imaginary part of exact
    /// ±1 written as a bare sign (1+i). In a radix other than 10 an inexact number gets one `#i`
    /// for both parts (#i1/2+1/4i).
    static func formatComplex(_ z: Compnum, radix: Int) -> String {
        let prefix = radix != 10 && z.flonums != nil ? "#i" : ""
        func part(_ v: Value) -> String {
            if case .flonum(let d) = v, !prefix.isEmpty { return exactText(d, radix: radix) ?? formatFlonum(d) }
            return format(v, radix: radix) ?? "?"
        }
        var imag: String
        switch z.imag {
        case .fixnum(1): imag = "+"
        case .fixnum(-1): imag = "-"
        default:
            imag = part(z.imag)
            if let first = imag.first, first != "-" && first != "+" { imag = "+" + imag }
        }
        if case .fixnum(0) = z.real { return prefix + imag + "i" }
        return prefix + part(z.real) + imag + "i"
    }

    /// A finite flonum's exact value in a radix (nil for infinities and NaN).
    static func exactText(_ d: Double, radix: Int) -> String? {
        guard let r = Rational(exactly: d) else { return nil }
        if r.isInteger { return r.num.toString(radix: radix) }
        return r.num.toString(radix: radix) + "/" + r.den.toString(radix: radix)
    }

    /// A flonum in a radix other than 10: `#i` and its exact value, or an infinity or NaN.
    static func formatInexact(_ d: Double, radix: Int) -> String {
        exactText(d, radix: radix).map { "#i" + $0 } ?? formatFlonum(d)
    }

    /// A flonum as Scheme writes it: `1.0`, `0.1`, `1.0e+21`, `1.5e-7`, `+inf.0`, `+nan.0`.
    ///
    /// The digits are the shortest that read back as the same double (Swift's `description`
    /// computes them); the layout follows the ECMAScript rule: positional notation for magnitudes
    /// in [1e-6, 1e21), exponential outside, plus a `.0` so integral flonums stay visibly inexact.
    static func formatFlonum(_ d: Double) -> String {
        if d.isNaN { return "+nan.0" }
        if d.isInfinite { return d > 0 ? "+inf.0" : "-inf.0" }
        if d == 0 { return d.sign == .minus ? "-0.0" : "0.0" }
        // Swift writes magnitudes from 1e-4 up to 2^53 positionally ("0.4", "100.0"), which is
        // inside the positional range below and already its layout: that text as it is (the
        // decomposition costs about 2,500 instructions a number; a layout's frames JSON writes
        // a few colours of three numbers each per view, issue 19). `layoutFlonum` is the rule.
        let text = d.description
        if !text.utf8.contains(UInt8(ascii: "e")) { return text }
        return layoutFlonum(d, text)
    }

    /// `formatFlonum` of a finite, non-zero `d` whose Swift description is `description`, laid
    /// out by the rule (the digits and point of the description, then positional or exponential).
    static func layoutFlonum(_ d: Double, _ description: String) -> String {
        // Decompose the description into significant digits and a decimal point position `point`,
        // meaning value = 0.DIGITS x 10^point.
        var digits: [UInt8] = []
        var point = 0
        var exp = 0
        var seenDot = false, inExp = false, expNegative = false
        for c in description.utf8 {
            switch c {
            case UInt8(ascii: "-") where inExp: expNegative = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"): break
            case UInt8(ascii: "."): seenDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExp = true
            case 48...57:
                if inExp {
                    exp = exp * 10 + Int(c - 48)
                } else if digits.isEmpty && c == 48 {
                    if seenDot { point -= 1 }  // leading zeros after the dot shift the point
                } else {
                    digits.append(c)
                    if !seenDot { point += 1 }
                }
            default: break
            }
        }
        while digits.count > 1, digits.last == 48 { digits.removeLast() }
        point += expNegative ? -exp : exp
        let k = digits.count
        var out: [UInt8] = d < 0 ? [UInt8(ascii: "-")] : []
        if k <= point && point <= 21 {
            out += digits
            out += [UInt8](repeating: 48, count: point - k)
            out += Array(".0".utf8)
        } else if 0 < point && point <= 21 {
            out += digits[0..<point]
            out.append(UInt8(ascii: "."))
            out += digits[point...]
        } else if -6 < point && point <= 0 {
            out += Array("0.".utf8)
            out += [UInt8](repeating: 48, count: -point)
            out += digits
        } else {
            // d.ddde+XX, with at least one digit after the point (5.0e-324, 1.0e+21).
            out.append(digits[0])
            out.append(UInt8(ascii: "."))
            if k > 1 { out += digits[1...] } else { out.append(48) }
            out.append(UInt8(ascii: "e"))
            if point - 1 > 0 { out.append(UInt8(ascii: "+")) }
            out += Array(String(point - 1).utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
