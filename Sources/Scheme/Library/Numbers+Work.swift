/// What big-number operations cost, reported to the limits before the work is done.
///
/// A limit must stop a program within its bound, and one operation on huge numbers can take
/// seconds, so each Scheme-level operation on bignums first reports its estimated cost to
/// `WorkMeter` (in units of about a nanosecond on the project's machine, measured from
/// `bench/bignum.scm`). When the meter refuses, the operation returns a placeholder without doing
/// the work; the evaluation ends at its next safe point, so nothing sees it.
enum BigWork {
    /// Below this many units an operation is not worth metering.
    static let floor = 1 << 16

    /// Whether an operation of `units` may run; small ones always may.
    @inline(__always) static func affordable(_ units: Int) -> Bool {
        units < floor || WorkMeter.charge(units)
    }

    /// log2(n), at least 1.
    private static func log2(_ n: Int) -> Int { max(1, Int.bitWidth - n.leadingZeroBitCount) }

    /// A product of m- and n-limb magnitudes (schoolbook, Karatsuba or the transform).
    static func multiply(_ m: Int, _ n: Int) -> Int {
        let (long, short) = (max(m, n), min(m, n))
        if short < BigNum.karatsubaThreshold { return long.multipliedReportingOverflow(by: short).partialValue }
        if short < BigNum.nttThreshold {
            let k = Int(Double(short) * Double(short).squareRoot() * 1.3)  // about short^1.585
            return (long / short + 1) * k
        }
        let pieces = (long + short) * 3
        return pieces * log2(pieces) * 8
    }

    /// Division of an m-limb magnitude by an n-limb one.
    static func divide(_ m: Int, _ n: Int) -> Int {
        let q = max(0, m - n) + 1
        if min(q, n) < BigNum.newtonDivisionThreshold { return 2 * q * n }
        return 6 * multiply(n, n) * (q / n + 1)
    }

    /// Euclid's gcd on m- and n-limb magnitudes (quadratic).
    static func gcd(_ m: Int, _ n: Int) -> Int {
        let s = m + n
        return s.multipliedReportingOverflow(by: s * 20).overflow ? Int.max : s * s * 20
    }

    /// Writing an n-limb magnitude in a radix that is not a power of two.
    static func write(_ n: Int) -> Int {
        n < BigNum.radixConversionThreshold ? n * n * 10 : n * log2(n) * 600
    }

    /// Reading `digits` digits in a radix that is not a power of two.
    static func read(digits: Int) -> Int {
        let n = digits / 19 + 1
        return n < BigNum.radixConversionThreshold ? n * n * 10 : n * log2(n) * 250
    }

    /// Exact arithmetic on two numbers given by their sizes in limbs (`ratio` when either is a
    /// ratio, whose results are reduced by a gcd).
    static func exact(_ op: Numbers.Operation, _ m: Int, _ n: Int, ratio: Bool) -> Int {
        switch op {
        case .add, .sub: return ratio ? gcd(2 * m, 2 * n) + multiply(m, n) * 3 : m + n
        case .mul: return ratio ? gcd(m, n) * 2 + multiply(m, n) * 2 : multiply(m, n)
        case .div: return gcd(m, n) * (ratio ? 2 : 1) + multiply(m, n) * 2
        }
    }
}

extension Numbers {
    /// The size in limbs of an exact number (numerator and denominator together for a ratio).
    static func limbs(_ n: Num) -> Int {
        switch n {
        case .fixnum, .flonum: return 1
        case .big(let b): return b.limbs.count
        case .ratio(let r): return r.numerator.limbs.count + r.denominator.limbs.count
        case .complex(let z): return (classify(z.real).map(limbs) ?? 1) + (classify(z.imag).map(limbs) ?? 1)
        }
    }
}
