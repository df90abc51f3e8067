import Foundation

/// Integer operations (division families, gcd, roots, powers) and exactness conversions.
extension Numbers {
    /// Largest exact result `expt` builds, in bits (8 MB), so a typo cannot exhaust memory.
    static let maxExptBits = 1 << 26

    /// `v` unpacked if it is an integer (exact, or an integral flonum), else an error naming `who`.
    static func integer(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Num {
        let n = try num(v, who, rt)
        if case .flonum(let d) = n, !(d.isFinite && d.rounded(.towardZero) == d) {
            throw rt.error("\(who): expected an integer, got", v)
        }
        return n
    }

    /// `v` unpacked if it is an exact integer, else an error naming `who`.
    static func exactInteger(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Num {
        if let n = classify(v) {
            if case .flonum = n {} else { return n }
        }
        throw rt.error("\(who): expected an exact integer, got", v)
    }

    static func isZero(_ n: Num) -> Bool {
        switch n {
        case .fixnum(let i): return i == 0
        case .big: return false
        case .flonum(let d): return d == 0
        }
    }

    /// Integer division: `floor` rounds the quotient down, otherwise toward zero.
    /// Returns (quotient, remainder); inexact when either argument is.
    static func divide(_ who: String, _ a: Value, _ b: Value, floor: Bool,
                       _ rt: Runtime) throws(SchemeRaise) -> (Value, Value) {
        if case .fixnum(let x) = a, case .fixnum(let y) = b, y != 0, y != -1 {
            var q = x / y, r = x % y
            if floor && r != 0 && (r < 0) != (y < 0) {
                q -= 1
                r += y
            }
            return (.fixnum(q), .fixnum(r))
        }
        let x = try integer(a, who, rt), y = try integer(b, who, rt)
        if isZero(y) { throw rt.error("\(who): division by zero", a) }
        guard let ex = exact(x), let ey = exact(y) else {
            let dx = double(x), dy = double(y)
            var r = dx.truncatingRemainder(dividingBy: dy)
            if floor && r != 0 && (r < 0) != (dy < 0) { r += dy }
            return (.flonum(((dx - r) / dy).rounded()), .flonum(r))
        }
        let (q, r) = floor ? ex.floorDivision(by: ey) : ex.quotientAndRemainder(dividingBy: ey)
        return (normalize(q, rt), normalize(r, rt))
    }

    /// Greatest common divisor (non-negative).
    static func gcd(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let x = try integer(a, "gcd", rt), y = try integer(b, "gcd", rt)
        guard let ex = exact(x), let ey = exact(y) else {
            var p = Swift.abs(double(x)), q = Swift.abs(double(y))
            while q != 0 { (p, q) = (q, p.truncatingRemainder(dividingBy: q)) }
            return .flonum(p)
        }
        return normalize(BigNum.gcd(ex, ey), rt)
    }

    /// Least common multiple (non-negative).
    static func lcm(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let x = try integer(a, "lcm", rt), y = try integer(b, "lcm", rt)
        guard let ex = exact(x), let ey = exact(y) else {
            let dx = Swift.abs(double(x)), dy = Swift.abs(double(y))
            if dx == 0 || dy == 0 { return .flonum(0) }
            guard case .flonum(let g) = try gcd(a, b, rt) else { return .flonum(0) }
            return .flonum(dx / g * dy)
        }
        if ex.isZero || ey.isZero { return .fixnum(0) }
        let g = BigNum.gcd(ex, ey)
        return normalize((ex.magnitude.quotientAndRemainder(dividingBy: g).quotient * ey).magnitude, rt)
    }

    /// floor(sqrt(n)) and the remainder n - s^2, for an exact n >= 0.
    static func exactIntegerSqrt(_ n: Num) -> (BigNum, BigNum)? {
        if case .fixnum(let i) = n {
            if i < 0 { return nil }
            var s = Int(Double(i).squareRoot())
            while s * s > i { s -= 1 }  // s <= sqrt(2^63) rounded down, so s * s fits
            while true {
                let (sq, o) = (s + 1).multipliedReportingOverflow(by: s + 1)
                if o || sq > i { break }
                s += 1
            }
            return (BigNum(s), BigNum(i - s * s))
        }
        guard case .big(let b) = n, !b.negative else { return nil }
        let s = BigNum.isqrt(b)
        return (s, b - s * s)
    }

    /// `sqrt`: exact for exact perfect squares, else a flonum; negative arguments are an error
    /// (there are no complex numbers).
    static func sqrt(_ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try num(v, "sqrt", rt)
        if sign(n) < 0 { throw rt.error("sqrt: negative argument", v) }
        if case .flonum(let d) = n { return .flonum(d.squareRoot()) }
        guard let (s, r) = exactIntegerSqrt(n) else { return .flonum(double(n).squareRoot()) }
        if r.isZero { return normalize(s, rt) }
        return .flonum(double(n).squareRoot())
    }

    /// `expt`: exact for an exact base and non-negative exact exponent; inexact otherwise.
    static func expt(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let base = try num(a, "expt", rt), e = try num(b, "expt", rt)
        guard let eb = exact(e) else { return .flonum(Foundation.pow(double(base), double(e))) }
        guard let bb = exact(base) else { return .flonum(Foundation.pow(double(base), double(e))) }
        // Bases whose powers never grow.
        if bb.isZero {
            if eb.isZero { return .fixnum(1) }
            if eb.negative { throw rt.error("expt: division by zero", a, b) }
            return .fixnum(0)
        }
        if bb == BigNum(1) { return .fixnum(1) }
        if bb == BigNum(-1) { return .fixnum(eb.isOdd ? -1 : 1) }
        if eb.negative {
            // No rationals: 1 / base^|e| as the nearest double.
            guard let k = (-eb).intValue, bb.bitWidth.multipliedReportingOverflow(by: k).partialValue < 4096,
                  !bb.bitWidth.multipliedReportingOverflow(by: k).overflow
            else { return .flonum(Foundation.pow(bb.doubleValue, eb.doubleValue)) }
            return .flonum(ratioToDouble(BigNum(1), bb.power(k)))
        }
        guard let k = eb.intValue, bb.bitWidth.multipliedReportingOverflow(by: k).partialValue <= maxExptBits,
              !bb.bitWidth.multipliedReportingOverflow(by: k).overflow
        else { throw rt.error("expt: result too large", a, b) }
        if case .fixnum(let x) = base {
            // Fast path: stay in machine words while the product fits.
            var result = 1, p = x, n = k, ok = true
            while n > 0 && ok {
                if n & 1 == 1 {
                    let (r, o) = result.multipliedReportingOverflow(by: p); result = r; ok = !o
                }
                n >>= 1
                if n > 0 && ok { let (s, o) = p.multipliedReportingOverflow(by: p); p = s; ok = !o }
            }
            if ok { return .fixnum(result) }
        }
        return normalize(bb.power(k), rt)
    }

    /// `exact`: integral flonums become exact integers; other flonums have no exact form here.
    static func toExact(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try num(v, who, rt)
        guard case .flonum(let d) = n else { return v }
        if let i = Int(exactly: d) { return .fixnum(i) }
        if let b = BigNum(exactly: d) { return normalize(b, rt) }
        throw rt.error("\(who): no exact representation of \(formatFlonum(d))")
    }

    /// `inexact`: the nearest flonum.
    static func toInexact(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Value {
        .flonum(double(try num(v, who, rt)))
    }

    /// floor, ceiling, round (to even) and truncate: identity on exact integers.
    static func round(_ v: Value, _ who: String, _ rule: FloatingPointRoundingRule,
                      _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .flonum(let d) = v { return .flonum(d.rounded(rule)) }
        _ = try num(v, who, rt)
        return v
    }

    /// `numerator` / `denominator` (of the exact binary fraction a flonum stands for).
    static func fraction(_ v: Value, numerator: Bool, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let who = numerator ? "numerator" : "denominator"
        let n = try num(v, who, rt)
        guard case .flonum(var d) = n else { return numerator ? v : .fixnum(1) }
        guard d.isFinite else {
            if numerator { return v }
            throw rt.error("\(who): expected a rational number, got", v)
        }
        var den = 1.0
        while d.rounded(.towardZero) != d {
            d *= 2
            den *= 2
        }
        return .flonum(numerator ? d : den)
    }
}
