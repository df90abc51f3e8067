/// The four operations and comparison over the whole tower. Each entry point tries two fixnums,
/// then two flonums, before unpacking: those cases neither allocate nor cast.
extension Numbers {
    enum Operation { case add, sub, mul, div }

    /// a + b.
    static func add(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.addingReportingOverflow(y)
            if !o { return .fixnum(s) }
        } else if case .flonum(let x) = a, case .flonum(let y) = b {
            return .flonum(x + y)
        }
        return try arithmetic(.add, "+", a, b, rt)
    }

    /// a - b.
    static func sub(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.subtractingReportingOverflow(y)
            if !o { return .fixnum(s) }
        } else if case .flonum(let x) = a, case .flonum(let y) = b {
            return .flonum(x - y)
        }
        return try arithmetic(.sub, "-", a, b, rt)
    }

    /// a * b.
    static func mul(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.multipliedReportingOverflow(by: y)
            if !o { return .fixnum(s) }
        } else if case .flonum(let x) = a, case .flonum(let y) = b {
            return .flonum(x * y)
        }
        return try arithmetic(.mul, "*", a, b, rt)
    }

    /// a / b: exact when both are exact (a ratio unless it divides evenly). Dividing by exact
    /// zero is an error; dividing by inexact zero gives an infinity or NaN.
    static func div(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b, y != 0, y != -1, x % y == 0 {
            return .fixnum(x / y)  // y == -1 would overflow for Int.min
        } else if case .flonum(let x) = a, case .flonum(let y) = b {
            return .flonum(x / y)
        }
        return try arithmetic(.div, "/", a, b, rt)
    }

    /// The slow path of the four operations: the result has the "highest" kind of its operands
    /// (exact integer < exact ratio < flonum).
    static func arithmetic(_ op: Operation, _ who: String, _ a: Value, _ b: Value,
                           _ rt: Runtime) throws(SchemeRaise) -> Value {
        // Inexact complex numbers (with flonums) without unpacking: Mandelbrot-style loops live here.
        if let p = flonumParts(a), let q = flonumParts(b) {
            let (re, im) = Complex.apply(op, p, q)
            return complex(re, im, rt)
        }
        let x = try num(a, who, rt), y = try num(b, who, rt)
        if op == .div, isExact(y), isZero(y) { throw rt.error("/: division by zero", a) }
        if isComplex(x) || isComplex(y) { return try complexArithmetic(op, x, y, rt) }
        if isFlonum(x) || isFlonum(y) {
            let p = double(x), q = double(y)
            switch op {
            case .add: return .flonum(p + q)
            case .sub: return .flonum(p - q)
            case .mul: return .flonum(p * q)
            case .div: return .flonum(p / q)
            }
        }
        if let i = exact(x), let j = exact(y) {
            guard BigWork.affordable(BigWork.exact(op, i.limbs.count, j.limbs.count, ratio: op == .div)) else { return .fixnum(0) }
            switch op {
            case .add: return normalize(i + j, rt)
            case .sub: return normalize(i - j, rt)
            case .mul: return normalize(i * j, rt)
            case .div: return makeRational(Rational(i, j).reduced, rt)
            }
        }
        guard let r = rational(x), let s = rational(y) else { return .flonum(.nan) }
        guard BigWork.affordable(BigWork.exact(op, limbs(x), limbs(y), ratio: true)) else { return .fixnum(0) }
        switch op {
        case .add: return makeRational(r + s, rt)
        case .sub: return makeRational(r - s, rt)
        case .mul: return makeRational(r * s, rt)
        case .div: return makeRational(r / s, rt)
        }
    }

    /// Three-way comparison; nil when either is NaN. Exact and inexact numbers compare by their
    /// true values (so comparisons stay transitive even beyond 2^53). Complex numbers only compare
    /// with `=` (equal is 0, different 1); the orderings reject them.
    static func compare(_ who: String, _ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Int? {
        if case .fixnum(let x) = a, case .fixnum(let y) = b { return x < y ? -1 : (x == y ? 0 : 1) }
        if case .flonum(let x) = a, case .flonum(let y) = b {
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : (x == y ? 0 : 1)
        }
        let x = try num(a, who, rt), y = try num(b, who, rt)
        if who != "=" {
            if isComplex(x) { throw rt.error("\(who): expected a real number, got", a) }
            if isComplex(y) { throw rt.error("\(who): expected a real number, got", b) }
        }
        return compare(x, y)
    }

    static func compare(_ x: Num, _ y: Num) -> Int? {
        if isComplex(x) || isComplex(y) { return complexEqual(x, y).map { $0 ? 0 : 1 } }
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
            if let i = exact(x), let j = exact(y) { return BigNum.compare(i, j) }
            guard let r = rational(x), let s = rational(y) else { return nil }
            return Rational.compare(r, s)
        }
    }

    /// Compares an exact number with a double by value.
    static func compareExact(_ e: Num, _ d: Double) -> Int? {
        if d.isNaN { return nil }
        if d.isInfinite { return d > 0 ? -1 : 1 }
        if case .fixnum(let i) = e, i.magnitude <= 1 << 53 {
            let x = Double(i)
            return x < d ? -1 : (x == d ? 0 : 1)
        }
        guard let r = rational(e), let f = Rational(exactly: d) else { return nil }
        return Rational.compare(r, f)
    }
}
