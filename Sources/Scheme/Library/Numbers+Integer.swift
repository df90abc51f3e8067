
/// Integer operations (division families, gcd, roots, powers), rounding and exactness conversions.
extension Numbers {
    /// Largest exact result `expt` builds, in bits (8 MB), so a typo cannot exhaust memory.
    static let maxExptBits = 1 << 26

    /// `v` unpacked if it is an integer (exact, or an integral flonum), else an error naming `who`.
    static func integer(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Num {
        let n = try num(v, who, rt)
        switch n {
        case .fixnum, .big: return n
        case .flonum(let d) where d.isFinite && d.rounded(.towardZero) == d: return n
        case .ratio, .flonum, .complex: throw rt.error("\(who): expected an integer, got", v)
        }
    }

    /// `v` unpacked if it is an exact integer, else an error naming `who`.
    static func exactInteger(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Num {
        switch classify(v) {
        case .fixnum(let i)?: return .fixnum(i)
        case .big(let b)?: return .big(b)
        case .ratio?, .flonum?, .complex?, nil: throw rt.error("\(who): expected an exact integer, got", v)
        }
    }

    /// Quotient and remainder of two fixnums (`floor` rounds the quotient down, otherwise toward
    /// zero), or nil when the answer is not that plain: division by zero, and division by -1, whose
    /// quotient of `Int.min` is a bignum. (The inlined `quotient` opcodes share it with `divide`.)
    @inline(__always) static func fixnumDivide(_ x: Int, _ y: Int, floor: Bool) -> (Int, Int)? {
        guard y != 0, y != -1 else { return nil }
        var q = x / y, r = x % y
        if floor && r != 0 && (r < 0) != (y < 0) {
            q -= 1
            r += y
        }
        return (q, r)
    }

    /// Integer division: `floor` rounds the quotient down, otherwise toward zero.
    /// Returns (quotient, remainder); inexact when either argument is.
    static func divide(_ who: String, _ a: Value, _ b: Value, floor: Bool,
                       _ rt: Runtime) throws(SchemeRaise) -> (Value, Value) {
        if case .fixnum(let x) = a, case .fixnum(let y) = b, let (q, r) = fixnumDivide(x, y, floor: floor) {
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
        guard BigWork.affordable(BigWork.divide(ex.limbs.count, ey.limbs.count)) else { return (.fixnum(0), .fixnum(0)) }
        let (q, r) = floor ? ex.floorDivision(by: ey) : ex.quotientAndRemainder(dividingBy: ey)
        return (normalize(q, rt), normalize(r, rt))
    }

    /// `floor/`, `truncate/` and their quotients and remainders, which take any reals (as in chibi
    /// and guile; `quotient`, `remainder` and `modulo` stay integer-only): the quotient n1/n2
    /// rounded down or toward zero, as an integer, and the remainder n1 - n2 * quotient; exact
    /// when both arguments are (`(floor/ 7/2 2/3)` is 5 and 1/6), else flonums.
    static func divideReals(_ who: String, _ a: Value, _ b: Value, floor: Bool,
                            _ rt: Runtime) throws(SchemeRaise) -> (Value, Value) {
        if isInteger(a) && isInteger(b) { return try divide(who, a, b, floor: floor, rt) }
        let x = try real(a, who, rt), y = try real(b, who, rt)
        if isZero(y) { throw rt.error("\(who): division by zero", a) }
        if isExact(x) && isExact(y) {
            let q = try round(try div(a, b, rt), who, floor ? .floor : .truncate, rt)
            return (q, try sub(a, try mul(b, q, rt), rt))
        }
        let dx = double(x), dy = double(y)
        var r = dx.truncatingRemainder(dividingBy: dy)
        if floor && r != 0 && (r < 0) != (dy < 0) { r += dy }
        return (.flonum(((dx - r) / dy).rounded()), .flonum(r))
    }

    /// Greatest common divisor (non-negative).
    static func gcd(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let x = try integer(a, "gcd", rt), y = try integer(b, "gcd", rt)
        guard let ex = exact(x), let ey = exact(y) else {
            var p = Swift.abs(double(x)), q = Swift.abs(double(y))
            while q != 0 { (p, q) = (q, p.truncatingRemainder(dividingBy: q)) }
            return .flonum(p)
        }
        guard BigWork.affordable(BigWork.gcd(ex.limbs.count, ey.limbs.count)) else { return .fixnum(0) }
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
        guard BigWork.affordable(BigWork.gcd(ex.limbs.count, ey.limbs.count) + BigWork.multiply(ex.limbs.count, ey.limbs.count))
        else { return .fixnum(0) }
        let g = BigNum.gcd(ex, ey)
        return normalize((ex.magnitude.exactQuotient(g) * ey).magnitude, rt)
    }

    /// floor(sqrt(n)) and the remainder n - s^2, for an exact integer n >= 0.
    static func exactIntegerSqrt(_ n: BigNum) -> (BigNum, BigNum)? {
        if n.negative { return nil }
        if let i = n.intValue {
            var s = Int(Double(i).squareRoot())
            while s * s > i { s -= 1 }  // s <= sqrt(2^63) rounded down, so s * s fits
            while true {
                let (sq, o) = (s + 1).multipliedReportingOverflow(by: s + 1)
                if o || sq > i { break }
                s += 1
            }
            return (BigNum(s), BigNum(i - s * s))
        }
        guard BigWork.affordable(BigWork.divide(n.limbs.count, n.limbs.count / 2) * 8) else { return (BigNum(0), BigNum(0)) }
        let s = BigNum.isqrt(n)
        return (s, n - s.squared())
    }

    /// The exact square root of an exact rational >= 0, if it has one.
    static func exactSqrt(_ r: Rational) -> Rational? {
        guard let (sn, rn) = exactIntegerSqrt(r.num), rn.isZero,
              let (sd, rd) = exactIntegerSqrt(r.den), rd.isZero else { return nil }
        return Rational(sn, sd)
    }

    /// The square root of a positive exact number as the nearest double, also when the number
    /// itself is beyond the double range.
    static func squareRootOfExact(_ n: Num) -> Double {
        let d = double(n)
        if d.isFinite && d >= 0x1p-1000 { return d.squareRoot() }
        guard let r = rational(n) else { return d.squareRoot() }
        // Scale by an even power of two into range: sqrt(r) = sqrt(r * 2^-2k) * 2^k.
        let k = (r.num.bitWidth - r.den.bitWidth) / 2
        let scaled = k > 0 ? Rational.quotientToDouble(r.num, r.den.shifted(left: 2 * k))
                           : Rational.quotientToDouble(r.num.shifted(left: -2 * k), r.den)
        return scaled.squareRoot() * Libm.pow(2, Double(k))
    }

    /// `expt` on reals: exact for an exact base and exact integer exponent; inexact otherwise;
    /// nil when the result is not real (a negative base to a non-integer power).
    static func realExpt(_ a: Value, _ b: Value, _ base: Num, _ e: Num, _ rt: Runtime) throws(SchemeRaise) -> Value? {
        guard let eb = exact(e), let rb = rational(base) else {
            if case .ratio = e, let rb = rational(base), !rb.negative, let root = try exactPower(rb, e, rt) { return root }
            let x = double(base), y = double(e)
            if x < 0 && y.isFinite && y.rounded(.towardZero) != y { return nil }
            return .flonum(Libm.pow(x, y))
        }
        // Bases whose powers never grow.
        if rb.isZero {
            if eb.isZero { return .fixnum(1) }
            if eb.negative { throw rt.error("expt: division by zero", a, b) }
            return .fixnum(0)
        }
        if rb.isInteger, rb.num.limbs == [1] { return .fixnum(rb.num.negative && eb.isOdd ? -1 : 1) }
        let bits = rb.num.bitWidth + rb.den.bitWidth
        guard let k = eb.magnitude.intValue, !bits.multipliedReportingOverflow(by: k).overflow,
              bits * k <= maxExptBits, rt.heapLimit.map({ bits * k / 8 <= $0 }) ?? true
        else { throw rt.error("expt: result too large", a, b) }
        if case .fixnum(let x) = base, !eb.negative, let p = fixnumPower(x, k) { return .fixnum(p) }
        let resultLimbs = bits * k / 64 + 1
        guard BigWork.affordable(2 * BigWork.multiply(resultLimbs / 2 + 1, resultLimbs / 2 + 1)) else { return .fixnum(0) }
        let p = Rational(rb.num.power(k), rb.den.power(k))
        if !eb.negative { return makeRational(p, rt) }
        return makeRational(Rational(BigNum(1)) / p, rt)
    }

    /// x^k when it fits in a fixnum.
    private static func fixnumPower(_ x: Int, _ k: Int) -> Int? {
        var result = 1, p = x, n = k
        while n > 0 {
            if n & 1 == 1 {
                let (r, o) = result.multipliedReportingOverflow(by: p)
                if o { return nil }
                result = r
            }
            n >>= 1
            if n > 0 {
                let (s, o) = p.multipliedReportingOverflow(by: p)
                if o { return nil }
                p = s
            }
        }
        return result
    }

    /// base^(p/q) for an exact base >= 0 and exact ratio exponent, when the q-th root is exact
    /// (only square roots are tried: (expt 9/4 3/2) is 27/8).
    private static func exactPower(_ base: Rational, _ e: Num, _ rt: Runtime) throws(SchemeRaise) -> Value? {
        guard case .ratio(let r) = e, r.denominator.limbs == [2], let root = exactSqrt(base) else { return nil }
        return try expt(makeRational(root, rt), normalize(r.numerator, rt), rt)
    }

    /// `exact`: flonums become the exact rational they stand for (every finite double is one).
    static func toExact(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try num(v, who, rt)
        if case .complex(let z) = n {
            return makeRectangular(try toExact(z.real, who, rt), try toExact(z.imag, who, rt), rt)
        }
        guard case .flonum(let d) = n else { return v }
        if let i = Int(exactly: d) { return .fixnum(i) }
        guard let r = Rational(exactly: d) else {
            throw rt.error("\(who): no exact representation of \(formatFlonum(d))")
        }
        return makeRational(r, rt)
    }

    /// `inexact`: the nearest flonum (for each part of a complex number).
    static func toInexact(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try num(v, who, rt)
        if case .complex = n {
            let (re, im) = doubleParts(n)
            return complex(re, im, rt)
        }
        return .flonum(double(n))
    }

    /// The four roundings to an integer.
    enum Rounding {
        case floor, ceiling, truncate, round

        /// The same rule for flonums.
        var rule: FloatingPointRoundingRule {
            switch self {
            case .floor: return .down
            case .ceiling: return .up
            case .truncate: return .towardZero
            case .round: return .toNearestOrEven
            }
        }
    }

    /// floor, ceiling, round (to even) and truncate: identity on exact integers.
    static func round(_ v: Value, _ who: String, _ rounding: Rounding, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .flonum(let d) = v { return .flonum(d.rounded(rounding.rule)) }
        guard case .ratio(let r) = try real(v, who, rt) else { return v }
        let x = Rational(r.numerator, r.denominator)
        switch rounding {
        case .floor: return normalize(x.floor, rt)
        case .ceiling: return normalize(-(-x).floor, rt)
        case .truncate: return normalize(x.negative ? -(-x).floor : x.floor, rt)
        case .round: return normalize(x.roundedToEven, rt)
        }
    }

    /// `numerator` / `denominator`; of a flonum, those of the exact fraction it stands for, inexact.
    static func fraction(_ v: Value, numerator: Bool, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let who = numerator ? "numerator" : "denominator"
        switch try real(v, who, rt) {
        case .fixnum, .big: return numerator ? v : .fixnum(1)
        case .ratio(let r): return numerator ? r.numeratorValue : r.denominatorValue
        case .flonum(let d):
            guard let r = Rational(exactly: d) else {
                if numerator { return v }
                throw rt.error("\(who): expected a rational number, got", v)
            }
            return .flonum((numerator ? r.num : r.den).doubleValue)
        case .complex: return v
        }
    }
}
