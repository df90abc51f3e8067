/// Generic arithmetic over the numeric tower: fixnums, bignums (`BigInt`) and flonums.
///
/// There are no exact rationals and no complex numbers: `/` gives an exact integer when the division
/// is exact, otherwise a flonum. The VM inlines the fixnum fast paths and falls back to these; each
/// entry point tries fixnums first, so the common case neither allocates nor casts.
enum Numbers {
    /// A number unpacked for the slow paths.
    enum Num {
        case fixnum(Int)
        case big(BigNum)
        case flonum(Double)
    }

    /// The bignum behind `v`, if it is one.
    @inline(__always) static func bigInt(_ v: Value) -> BigInt? {
        if case .object(let o) = v { return o.takeUnretainedValue() as? BigInt }
        return nil
    }

    /// `v` unpacked, or nil when it is not a number.
    static func classify(_ v: Value) -> Num? {
        switch v {
        case .fixnum(let n): return .fixnum(n)
        case .flonum(let d): return .flonum(d)
        case .object: return bigInt(v).map { .big($0.value) }
        default: return nil
        }
    }

    /// `v` unpacked, or an error `who: expected a number, got v`.
    static func num(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Num {
        if let n = classify(v) { return n }
        throw notNumber(who, v, rt)
    }

    /// The canonical value of an exact integer: a fixnum when it fits, else a new bignum.
    static func normalize(_ b: BigNum, _ rt: Runtime) -> Value {
        if let n = b.intValue { return .fixnum(n) }
        return rt.heap.object(BigInt(b))
    }

    /// Packs an unpacked number back into a value.
    static func value(_ n: Num, _ rt: Runtime) -> Value {
        switch n {
        case .fixnum(let i): return .fixnum(i)
        case .flonum(let d): return .flonum(d)
        case .big(let b): return normalize(b, rt)
        }
    }

    /// `eqv?` on numbers that live on the heap (bignums); false for anything else.
    static func eqvHeapNumbers(_ a: Value, _ b: Value) -> Bool {
        guard let x = bigInt(a), let y = bigInt(b) else { return false }
        return x.value == y.value
    }

    @inline(__always) static func isNumber(_ v: Value) -> Bool {
        switch v {
        case .fixnum, .flonum: return true
        case .object: return bigInt(v) != nil
        default: return false
        }
    }

    /// The number as a double (nearest, for bignums), or nil when `v` is not a number.
    static func toDouble(_ v: Value) -> Double? {
        switch v {
        case .fixnum(let n): return Double(n)
        case .flonum(let d): return d
        case .object: return bigInt(v)?.value.doubleValue
        default: return nil
        }
    }

    static func notNumber(_ who: String, _ v: Value, _ rt: Runtime) -> SchemeRaise {
        rt.error("\(who): expected a number, got", v)
    }

    /// An unpacked exact integer as a `BigNum` (nil for flonums).
    @inline(__always) static func exact(_ n: Num) -> BigNum? {
        switch n {
        case .fixnum(let i): return BigNum(i)
        case .big(let b): return b
        case .flonum: return nil
        }
    }

    @inline(__always) static func double(_ n: Num) -> Double {
        switch n {
        case .fixnum(let i): return Double(i)
        case .big(let b): return b.doubleValue
        case .flonum(let d): return d
        }
    }

    /// a + b.
    static func add(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.addingReportingOverflow(y)
            if !o { return .fixnum(s) }
            return normalize(BigNum(x) + BigNum(y), rt)
        }
        let x = try num(a, "+", rt), y = try num(b, "+", rt)
        if case .flonum = x { return .flonum(double(x) + double(y)) }
        if case .flonum = y { return .flonum(double(x) + double(y)) }
        return normalize((exact(x) ?? BigNum(0)) + (exact(y) ?? BigNum(0)), rt)
    }

    /// a - b.
    static func sub(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.subtractingReportingOverflow(y)
            if !o { return .fixnum(s) }
            return normalize(BigNum(x) - BigNum(y), rt)
        }
        let x = try num(a, "-", rt), y = try num(b, "-", rt)
        if case .flonum = x { return .flonum(double(x) - double(y)) }
        if case .flonum = y { return .flonum(double(x) - double(y)) }
        return normalize((exact(x) ?? BigNum(0)) - (exact(y) ?? BigNum(0)), rt)
    }

    /// a * b.
    static func mul(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.multipliedReportingOverflow(by: y)
            if !o { return .fixnum(s) }
            return normalize(BigNum(x) * BigNum(y), rt)
        }
        let x = try num(a, "*", rt), y = try num(b, "*", rt)
        if case .flonum = x { return .flonum(double(x) * double(y)) }
        if case .flonum = y { return .flonum(double(x) * double(y)) }
        return normalize((exact(x) ?? BigNum(0)) * (exact(y) ?? BigNum(0)), rt)
    }

    /// a / b: exact when it divides evenly, else inexact (no exact rationals). Dividing by exact
    /// zero is an error; dividing by inexact zero gives an infinity or NaN.
    static func div(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            if y == 0 { throw rt.error("/: division by zero", a) }
            if y == -1 { return try sub(.fixnum(0), a, rt) }  // Int.min / -1 overflows
            if x % y == 0 { return .fixnum(x / y) }
            if x.magnitude <= 1 << 53 && y.magnitude <= 1 << 53 { return .flonum(Double(x) / Double(y)) }
            return .flonum(ratioToDouble(BigNum(x), BigNum(y)))
        }
        let x = try num(a, "/", rt), y = try num(b, "/", rt)
        if let ey = exact(y), ey.isZero { throw rt.error("/: division by zero", a) }
        guard let ex = exact(x), let ey = exact(y) else { return .flonum(double(x) / double(y)) }
        let (q, r) = ex.quotientAndRemainder(dividingBy: ey)
        if r.isZero { return normalize(q, rt) }
        return .flonum(ratioToDouble(ex, ey))
    }

    /// The double nearest to a / b (b nonzero), computed with integer division so that huge
    /// operands neither overflow to infinity nor lose more than the final rounding.
    static func ratioToDouble(_ a: BigNum, _ b: BigNum) -> Double {
        // Scale so the integer quotient has about 66 bits, fold the remainder into a sticky bit.
        let k = 66 - (a.bitWidth - b.bitWidth)
        let num = k > 0 ? BigNum.shiftLeft(a.limbs, k) : a.limbs
        let den = k < 0 ? BigNum.shiftLeft(b.limbs, -k) : b.limbs
        var (q, r) = BigNum.divideMagnitudes(num, den)
        if !r.isEmpty, !q.isEmpty { q[0] |= 1 }
        let d = BigNum(negative: false, limbs: q).doubleValue
        let scaled = k > 2000 ? 0 : (k < -2000 ? Double.infinity : Double(sign: .plus, exponent: -k, significand: d))
        return a.negative != b.negative ? -scaled : scaled
    }

    /// Three-way comparison; nil when either is NaN. Exact and inexact numbers compare by their
    /// true values (so comparisons stay transitive even beyond 2^53).
    static func compare(_ who: String, _ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Int? {
        if case .fixnum(let x) = a, case .fixnum(let y) = b { return x < y ? -1 : (x == y ? 0 : 1) }
        if case .flonum(let x) = a, case .flonum(let y) = b {
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : (x == y ? 0 : 1)
        }
        return compare(try num(a, who, rt), try num(b, who, rt))
    }

    static func compare(_ x: Num, _ y: Num) -> Int? {
        switch (x, y) {
        case let (.fixnum(p), .fixnum(q)): return p < q ? -1 : (p == q ? 0 : 1)
        case let (.flonum(p), .flonum(q)):
            if p.isNaN || q.isNaN { return nil }
            return p < q ? -1 : (p == q ? 0 : 1)
        case let (.flonum(p), _):
            return compareExact(y, p).map { -$0 }
        case let (_, .flonum(q)):
            return compareExact(x, q)
        default:
            return BigNum.compare(exact(x) ?? BigNum(0), exact(y) ?? BigNum(0))
        }
    }

    /// Compares an exact integer with a double by value.
    static func compareExact(_ e: Num, _ d: Double) -> Int? {
        if d.isNaN { return nil }
        if d.isInfinite { return d > 0 ? -1 : 1 }
        if case .fixnum(let i) = e, i.magnitude <= 1 << 53 {
            let x = Double(i)
            return x < d ? -1 : (x == d ? 0 : 1)
        }
        let f = d.rounded(.down)
        guard let fb = BigNum(exactly: f), let eb = exact(e) else { return nil }
        let c = BigNum.compare(eb, fb)
        if c != 0 { return c }
        return f == d ? 0 : -1
    }

    /// The sign of a number: -1, 0 or 1 (0 for NaN).
    static func sign(_ n: Num) -> Int {
        switch n {
        case .fixnum(let i): return i.signum()
        case .big(let b): return b.negative ? -1 : 1
        case .flonum(let d): return d > 0 ? 1 : (d < 0 ? -1 : 0)
        }
    }

    /// -n.
    static func negate(_ n: Num) -> Num {
        switch n {
        case .fixnum(let i):
            if i == Int.min { return .big(-BigNum(i)) }
            return .fixnum(-i)
        case .big(let b): return .big(-b)
        case .flonum(let d): return .flonum(-d)
        }
    }
}
