/// The numeric tower: fixnums, bignums (`BigInt`), exact ratios (`Ratnum`) and flonums.
///
/// Every number kind is made and taken apart only here (`classify`, `normalize`, `makeRational`,
/// `value`), so the arithmetic in the other `Numbers` files never touches a heap class directly.
/// The VM inlines the fixnum fast paths and falls back to the entry points in
/// `Numbers+Arithmetic.swift`, which try fixnums and flonums before unpacking anything.
enum Numbers {
    /// A number unpacked for the slow paths.
    enum Num {
        case fixnum(Int)
        case big(BigNum)
        case ratio(Ratnum)
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
        case .object(let o):
            let object = o.takeUnretainedValue()
            if let b = object as? BigInt { return .big(b.value) }
            if let r = object as? Ratnum { return .ratio(r) }
            return nil
        default: return nil
        }
    }

    /// `v` unpacked, or an error `who: expected a number, got v`.
    static func num(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Num {
        if let n = classify(v) { return n }
        throw notNumber(who, v, rt)
    }

    static func notNumber(_ who: String, _ v: Value, _ rt: Runtime) -> SchemeRaise {
        rt.error("\(who): expected a number, got", v)
    }

    // MARK: - Making numbers

    /// The canonical value of an exact integer: a fixnum when it fits, else a new bignum.
    static func normalize(_ b: BigNum, _ rt: Runtime) -> Value {
        if let n = b.intValue { return .fixnum(n) }
        return rt.heap.object(BigInt(b))
    }

    /// The canonical value of an exact rational in lowest terms (an integer when the
    /// denominator is 1).
    static func makeRational(_ r: Rational, _ rt: Runtime) -> Value {
        if r.isInteger { return normalize(r.num, rt) }
        return rt.heap.object(Ratnum(r.num, r.den))
    }

    /// Packs an unpacked number back into a value.
    static func value(_ n: Num, _ rt: Runtime) -> Value {
        switch n {
        case .fixnum(let i): return .fixnum(i)
        case .flonum(let d): return .flonum(d)
        case .big(let b): return normalize(b, rt)
        case .ratio(let r): return .object(Unmanaged.passUnretained(r))
        }
    }

    // MARK: - Looking at numbers

    @inline(__always) static func isNumber(_ v: Value) -> Bool {
        switch v {
        case .fixnum, .flonum: return true
        case .object: return classify(v) != nil
        default: return false
        }
    }

    static func isFlonum(_ n: Num) -> Bool {
        if case .flonum = n { return true }
        return false
    }

    static func isExact(_ n: Num) -> Bool { !isFlonum(n) }

    /// An exact number as a rational (nil for flonums).
    static func rational(_ n: Num) -> Rational? {
        switch n {
        case .fixnum(let i): return Rational(BigNum(i))
        case .big(let b): return Rational(b)
        case .ratio(let r): return Rational(r.numerator, r.denominator)
        case .flonum: return nil
        }
    }

    /// An exact integer as a `BigNum` (nil for ratios and flonums).
    @inline(__always) static func exact(_ n: Num) -> BigNum? {
        switch n {
        case .fixnum(let i): return BigNum(i)
        case .big(let b): return b
        case .ratio, .flonum: return nil
        }
    }

    /// The nearest double.
    static func double(_ n: Num) -> Double {
        switch n {
        case .fixnum(let i): return Double(i)
        case .big(let b): return b.doubleValue
        case .ratio(let r): return Rational.quotientToDouble(r.numerator, r.denominator)
        case .flonum(let d): return d
        }
    }

    /// The number as a double (nearest), or nil when `v` is not a number.
    static func toDouble(_ v: Value) -> Double? {
        switch v {
        case .fixnum(let n): return Double(n)
        case .flonum(let d): return d
        default: return classify(v).map(double)
        }
    }

    /// `eqv?` on numbers that live on the heap; false for anything else.
    static func eqvHeapNumbers(_ a: Value, _ b: Value) -> Bool {
        guard case .object = a, case .object = b, let x = classify(a), let y = classify(b) else { return false }
        switch (x, y) {
        case let (.big(p), .big(q)): return p == q
        case let (.ratio(p), .ratio(q)): return p.numerator == q.numerator && p.denominator == q.denominator
        default: return false
        }
    }

    /// Feeds a heap number to a hasher consistently with `eqv?`, reading a bounded part of it.
    static func hashHeapNumber(_ v: Value, into hasher: inout Hasher) -> Bool {
        func combine(_ b: BigNum) {
            hasher.combine(b.negative)
            hasher.combine(b.limbs.count)
            for limb in b.limbs.prefix(4) { hasher.combine(limb) }
            for limb in b.limbs.suffix(4) { hasher.combine(limb) }
        }
        switch classify(v) {
        case .big(let b)?: combine(b)
        case .ratio(let r)?: combine(r.numerator); combine(r.denominator)
        case .fixnum?, .flonum?, nil: return false
        }
        return true
    }

    /// The sign of a number: -1, 0 or 1 (0 for NaN).
    static func sign(_ n: Num) -> Int {
        switch n {
        case .fixnum(let i): return i.signum()
        case .big(let b): return b.negative ? -1 : 1
        case .ratio(let r): return r.numerator.negative ? -1 : 1
        case .flonum(let d): return d > 0 ? 1 : (d < 0 ? -1 : 0)
        }
    }

    static func isZero(_ n: Num) -> Bool {
        switch n {
        case .fixnum(let i): return i == 0
        case .big, .ratio: return false
        case .flonum(let d): return d == 0
        }
    }

    /// -n.
    static func negate(_ n: Num, _ rt: Runtime) -> Value {
        switch n {
        case .fixnum(let i):
            if i == Int.min { return normalize(-BigNum(i), rt) }
            return .fixnum(-i)
        case .big(let b): return normalize(-b, rt)
        case .ratio(let r): return makeRational(Rational(-r.numerator, r.denominator), rt)
        case .flonum(let d): return .flonum(-d)
        }
    }
}
