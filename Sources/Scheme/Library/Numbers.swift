/// The numeric tower: fixnums, bignums (`BigInt`), exact ratios (`Ratnum`), flonums and complex
/// numbers (`Compnum`).
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
        case complex(Compnum)
    }

    /// The bignum behind `v`, if it is one.
    @inline(__always) static func bigInt(_ v: Value) -> BigInt? {
        if case .object(let o) = v { return o.takeUnretainedValue() as? BigInt }
        return nil
    }

    /// `v` unpacked, or nil when it is not a number. (The number classes are final, so an
    /// exact type comparison replaces a dynamic cast.)
    static func classify(_ v: Value) -> Num? {
        switch v {
        case .fixnum(let n): return .fixnum(n)
        case .flonum(let d): return .flonum(d)
        case .object(let o):
            let object = o.takeUnretainedValue()
            let type = ObjectIdentifier(Swift.type(of: object))
            if type == ObjectIdentifier(BigInt.self) { return .big(unsafeDowncast(object, to: BigInt.self).value) }
            return nil
        case .record(let r):
            switch r.role {
            case .complex: return .complex(Compnum(record: r))
            case .ratio: return .ratio(Ratnum(record: r))
            case .program, .values, .error: return nil
            }
        default: return nil
        }
    }

    /// The parts of an inexact complex number (or a flonum, with a zero imaginary part), read
    /// without retaining anything: the fast path of inexact complex arithmetic.
    @inline(__always) static func flonumParts(_ v: Value) -> (Double, Double)? {
        switch v {
        case .flonum(let d): return (d, 0)
        case .record: return Compnum(v)?.flonums
        default: return nil
        }
    }

    /// The parts of a complex number, read without retaining it; nil for anything else.
    @inline(__always) static func complexParts(_ v: Value) -> (Value, Value)? {
        guard let z = Compnum(v) else { return nil }
        return (z.real, z.imag)
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
        return Ratnum.make(r.num, r.den, rt)
    }

    /// Packs an unpacked number back into a value.
    static func value(_ n: Num, _ rt: Runtime) -> Value {
        switch n {
        case .fixnum(let i): return .fixnum(i)
        case .flonum(let d): return .flonum(d)
        case .big(let b): return normalize(b, rt)
        case .ratio(let r): return r.value
        case .complex(let z): return z.value
        }
    }

    // MARK: - Looking at numbers

    @inline(__always) static func isNumber(_ v: Value) -> Bool {
        switch v {
        case .fixnum, .flonum: return true
        case .object, .record: return classify(v) != nil
        default: return false
        }
    }

    static func isFlonum(_ n: Num) -> Bool {
        if case .flonum = n { return true }
        return false
    }

    /// Exact: not a flonum, nor a complex number with flonum parts.
    static func isExact(_ n: Num) -> Bool {
        switch n {
        case .fixnum, .big, .ratio: return true
        case .flonum: return false
        case .complex(let z): return z.flonums == nil
        }
    }

    /// An exact number as a rational (nil for flonums).
    static func rational(_ n: Num) -> Rational? {
        switch n {
        case .fixnum(let i): return Rational(BigNum(i))
        case .big(let b): return Rational(b)
        case .ratio(let r): return Rational(r.numerator, r.denominator)
        case .flonum, .complex: return nil
        }
    }

    /// An exact integer as a `BigNum` (nil for ratios and flonums).
    @inline(__always) static func exact(_ n: Num) -> BigNum? {
        switch n {
        case .fixnum(let i): return BigNum(i)
        case .big(let b): return b
        case .ratio, .flonum, .complex: return nil
        }
    }

    /// The nearest double of a real (NaN for a complex number: callers take those apart first).
    static func double(_ n: Num) -> Double {
        switch n {
        case .fixnum(let i): return Double(i)
        case .big(let b): return b.doubleValue
        case .ratio(let r): return Rational.quotientToDouble(r.numerator, r.denominator)
        case .flonum(let d): return d
        case .complex: return .nan
        }
    }

    /// The number as a double (nearest), or nil when `v` is not a real number.
    static func toDouble(_ v: Value) -> Double? {
        switch v {
        case .fixnum(let n): return Double(n)
        case .flonum(let d): return d
        default:
            guard let n = classify(v), !isComplex(n) else { return nil }
            return double(n)
        }
    }

    /// `eqv?` on numbers that live on the heap; false for anything else.
    static func eqvHeapNumbers(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.object, .object), (.record, .record): break
        default: return false
        }
        guard let x = classify(a), let y = classify(b) else { return false }
        switch (x, y) {
        case let (.big(p), .big(q)): return p == q
        case let (.ratio(p), .ratio(q)):
            return p.numeratorValue.isEqv(q.numeratorValue) && p.denominatorValue.isEqv(q.denominatorValue)
        case let (.complex(p), .complex(q)): return p.real.isEqv(q.real) && p.imag.isEqv(q.imag)
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
        func part(_ p: Value) {
            switch classify(p) {
            case .fixnum(let i)?: hasher.combine(i)
            case .flonum(let d)?: hasher.combine(d.bitPattern)
            case .big(let b)?: combine(b)
            case .ratio(let r)?: combine(r.numerator); combine(r.denominator)
            case .complex?, nil: break
            }
        }
        switch classify(v) {
        case .big?, .ratio?: part(v)
        case .complex(let z)?: part(z.real); part(z.imag)
        case .fixnum?, .flonum?, nil: return false
        }
        return true
    }

    /// The sign of a real number: -1, 0 or 1 (0 for NaN and complex numbers, which callers reject).
    static func sign(_ n: Num) -> Int {
        switch n {
        case .fixnum(let i): return i.signum()
        case .big(let b): return b.negative ? -1 : 1
        case .ratio(let r): return r.numerator.negative ? -1 : 1
        case .flonum(let d): return d > 0 ? 1 : (d < 0 ? -1 : 0)
        case .complex: return 0
        }
    }

    static func isZero(_ n: Num) -> Bool {
        switch n {
        case .fixnum(let i): return i == 0
        case .big, .ratio: return false
        case .flonum(let d): return d == 0
        case .complex(let z): return z.flonums.map { $0.0 == 0 && $0.1 == 0 } ?? false
        }
    }

    /// -n.
    static func negate(_ n: Num, _ rt: Runtime) -> Value {
        if case .complex(let z) = n {
            return makeRectangular(negate(classify(z.real) ?? .fixnum(0), rt), negate(classify(z.imag) ?? .fixnum(0), rt), rt)
        }
        switch n {
        case .fixnum(let i):
            if i == Int.min { return normalize(-BigNum(i), rt) }
            return .fixnum(-i)
        case .big(let b): return normalize(-b, rt)
        case .ratio(let r): return makeRational(Rational(-r.numerator, r.denominator), rt)
        case .flonum(let d): return .flonum(-d)
        case .complex: return .fixnum(0)
        }
    }
}
