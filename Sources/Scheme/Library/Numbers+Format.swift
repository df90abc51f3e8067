/// Writing numbers: integers in radix 2...36, flonums as the shortest decimal that reads back.
extension Numbers {
    /// The text of number `v` in `radix`, or nil when `v` is not a number or is a flonum and the
    /// radix is not 10. Used by `Printer`, `number->string` and error messages.
    static func format(_ v: Value, radix: Int = 10) -> String? {
        guard radix >= 2 && radix <= 36 else { return nil }
        switch v {
        case .fixnum(let n): return String(n, radix: radix)
        case .flonum(let d): return radix == 10 ? formatFlonum(d) : nil
        case .object: return bigInt(v)?.value.toString(radix: radix)
        default: return nil
        }
    }

    /// A flonum as Scheme writes it: `1.0`, `0.1`, `1e21`, `1.5e-7`, `+inf.0`, `+nan.0`.
    ///
    /// The digits are the shortest that read back as the same double (Swift's `description`
    /// computes them); the layout follows the ECMAScript rule: positional notation for magnitudes
    /// in [1e-6, 1e21), exponential outside, plus a `.0` so integral flonums stay visibly inexact.
    static func formatFlonum(_ d: Double) -> String {
        if d.isNaN { return "+nan.0" }
        if d.isInfinite { return d > 0 ? "+inf.0" : "-inf.0" }
        if d == 0 { return d.sign == .minus ? "-0.0" : "0.0" }
        // Decompose the description into significant digits and a decimal point position `point`,
        // meaning value = 0.DIGITS x 10^point.
        var digits: [UInt8] = []
        var point = 0
        var exp = 0
        var seenDot = false, inExp = false, expNegative = false
        for c in d.description.utf8 {
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
            out.append(digits[0])
            if k > 1 {
                out.append(UInt8(ascii: "."))
                out += digits[1...]
            }
            out.append(UInt8(ascii: "e"))
            out += Array(String(point - 1).utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
