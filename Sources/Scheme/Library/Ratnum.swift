/// An exact non-integer rational number: a record of the heap's `ratioType` whose fields are the
/// numerator and the denominator as exact integers (fixnums, or bignums past a fixnum).
///
/// Invariant (kept by `Numbers.makeRational`): the denominator is greater than 1 and shares no
/// factor with the numerator, so every exact rational has one representation (an integral ratio is
/// always a fixnum or bignum) and `eqv?` compares the two parts.
///
/// Why a record (issue 17): a ratio of small parts is then cells only, no Swift object; a program
/// cannot name the type, and the fields never change.
struct Ratnum {
    let record: Record

    /// The ratio `record` is (its type is the heap's `ratioType`).
    @inline(__always) init(record: Record) { self.record = record }

    /// The ratio `numerator`/`denominator` (the caller keeps the invariant above).
    static func make(_ numerator: BigNum, _ denominator: BigNum, _ rt: Runtime) -> Value {
        let num = Numbers.normalize(numerator, rt), den = Numbers.normalize(denominator, rt)
        return .record(Record.make(type: rt.heap.ratioType, count: 2, in: rt.heap) { $0 == 0 ? num : den })
    }

    /// The numerator, carrying the sign, as a value.
    @inline(__always) var numeratorValue: Value { record.field(0) }
    /// The denominator, always > 1, as a value.
    @inline(__always) var denominatorValue: Value { record.field(1) }

    /// The numerator.
    var numerator: BigNum { Ratnum.bigNum(numeratorValue) }
    /// The denominator.
    var denominator: BigNum { Ratnum.bigNum(denominatorValue) }

    /// The number as a value.
    var value: Value { .record(record) }

    /// An exact integer field as a `BigNum`.
    private static func bigNum(_ v: Value) -> BigNum {
        if case .fixnum(let n) = v { return BigNum(n) }
        return Numbers.bigInt(v)?.value ?? BigNum(0)
    }
}

/// An exact rational as a plain value: numerator and positive denominator (any integer has
/// denominator 1). Intermediate results of exact arithmetic; only a final result becomes a `Ratnum`.
struct Rational {
    var num: BigNum
    var den: BigNum

    init(_ num: BigNum, _ den: BigNum = BigNum(1)) {
        self.num = num
        self.den = den
    }

    var isInteger: Bool { den == BigNum(1) }
    var isZero: Bool { num.isZero }
    var negative: Bool { num.negative }

    static func + (a: Rational, b: Rational) -> Rational {
        if a.isInteger && b.isInteger { return Rational(a.num + b.num) }
        return Rational(a.num * b.den + b.num * a.den, a.den * b.den).reduced
    }

    static prefix func - (a: Rational) -> Rational { Rational(-a.num, a.den) }

    static func - (a: Rational, b: Rational) -> Rational { a + (-b) }

    static func * (a: Rational, b: Rational) -> Rational {
        if a.isInteger && b.isInteger { return Rational(a.num * b.num) }
        // Cross-cancel first so the products stay as small as the result.
        let g1 = BigNum.gcd(a.num, b.den), g2 = BigNum.gcd(b.num, a.den)
        return Rational(a.num.exactQuotient(g1) * b.num.exactQuotient(g2),
                        a.den.exactQuotient(g2) * b.den.exactQuotient(g1))
    }

    /// a / b for a nonzero b.
    static func / (a: Rational, b: Rational) -> Rational {
        let inverse = b.num.negative ? Rational(-b.den, -b.num) : Rational(b.den, b.num)
        return a * inverse
    }

    /// Three-way comparison: -1, 0 or 1.
    static func compare(_ a: Rational, _ b: Rational) -> Int {
        if a.num.negative != b.num.negative { return a.num.negative ? -1 : 1 }
        if a.isInteger && b.isInteger { return BigNum.compare(a.num, b.num) }
        return BigNum.compare(a.num * b.den, b.num * a.den)
    }

    /// In lowest terms with a positive denominator.
    var reduced: Rational {
        var n = num, d = den
        if d.negative { n = -n; d = -d }
        let g = BigNum.gcd(n, d)
        if g == BigNum(1) { return Rational(n, d) }
        return Rational(n.exactQuotient(g), d.exactQuotient(g))
    }

    /// The largest integer not above the value.
    var floor: BigNum { isInteger ? num : num.floorDivision(by: den).quotient }

    /// The nearest integer, ties to even.
    var roundedToEven: BigNum {
        if isInteger { return num }
        let (q, r) = num.floorDivision(by: den)
        let c = BigNum.compare(r + r, den)
        if c < 0 || (c == 0 && !q.isOdd) { return q }
        return q + BigNum(1)
    }

    /// The value of a finite double, exactly (a double is a binary fraction).
    init?(exactly d: Double) {
        guard d.isFinite else { return nil }
        if let b = BigNum(exactly: d) {
            self.init(b)
            return
        }
        // d = significand * 2^exponent with an integral 53-bit significand and exponent < 0;
        // dropping the significand's trailing zero bits keeps the fraction in lowest terms.
        let e = Int(d.exponent) - 52
        var sig = d.significandBitPattern | (d.isNormal ? UInt64(1) << 52 : 0)
        var shift = -(d.isNormal ? e : -1074)
        let zeros = min(sig.trailingZeroBitCount, shift)
        sig >>= UInt64(zeros)
        shift -= zeros
        let n = BigNum(Int(sig))
        self.init(d < 0 ? -n : n, BigNum(1).shifted(left: shift))
    }

    /// The nearest double (ties to even), zero or infinite when out of range.
    var doubleValue: Double {
        isInteger ? num.doubleValue : Rational.quotientToDouble(num, den)
    }

    /// The double nearest to a / b (b > 0), correctly rounded also when the result is subnormal:
    /// the quotient is computed in integers with at least 55 bits and a sticky bit for the
    /// remainder, then rounded once, by hand, at the position of the result's last bit.
    static func quotientToDouble(_ a: BigNum, _ b: BigNum) -> Double {
        if a.isZero { return 0 }
        // 2^(e-1) < |a/b| < 2^(e+1) for e = bitWidth(a) - bitWidth(b).
        let e = a.bitWidth - b.bitWidth
        if e > 1025 { return a.negative ? -.infinity : .infinity }
        if e < -1080 { return a.negative ? -0.0 : 0.0 }
        let k = 56 - e
        let num = k > 0 ? a.magnitude.shifted(left: k) : a.magnitude
        let den = k < 0 ? b.shifted(left: -k) : b
        let (q, r) = num.quotientAndRemainder(dividingBy: den)
        // 2^55 <= q < 2^57, and |a/b| = (q + r/den) * 2^-k.
        let q0 = UInt64(q.intValue ?? 0)
        let exponent = 63 - q0.leadingZeroBitCount - k          // |a/b| in [2^exponent, 2^(exponent+1))
        let ulp = max(exponent - 52, -1074)                      // weight of the result's last bit
        let drop = ulp + k                                       // bits of q below that last bit
        var kept: UInt64
        if drop >= 64 {
            kept = 0
        } else {
            kept = q0 >> UInt64(drop)
            let rest = q0 & ((UInt64(1) << UInt64(drop)) - 1), half = UInt64(1) << UInt64(drop - 1)
            if rest > half || (rest == half && (!r.isZero || kept & 1 == 1)) { kept += 1 }
        }
        let d = Double(sign: .plus, exponent: ulp, significand: Double(kept))
        return a.negative ? -d : d
    }
}
