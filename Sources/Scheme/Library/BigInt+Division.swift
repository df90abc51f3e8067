/// Division of long magnitudes through Newton's reciprocal: a constant number of multiplications,
/// so with the transform multiplication dividing million-digit numbers takes milliseconds.
extension BigNum {
    /// From this many limbs (of the divisor and of the quotient) Newton's division beats Knuth's.
    static let newtonDivisionThreshold = 120

    /// a / b and a % b for magnitudes with |a| >= |b| and long b and quotient.
    static func divideByNewton(_ a: [UInt64], _ b: [UInt64]) -> ([UInt64], [UInt64]) {
        let x = BigNum(trimmed: a), d = BigNum(trimmed: b)
        let quotientBits = x.bitWidth - d.bitWidth + 1
        if quotientBits <= d.bitWidth + 64 {
            let (q, r) = Reciprocal(d, quotientBits: quotientBits).divide(x)
            return (q.limbs, r.limbs)
        }
        // A quotient much longer than the divisor: one limb-aligned piece of the dividend at a
        // time from the top, each giving `chunk` limbs of quotient.
        let chunk = b.count
        let reciprocal = Reciprocal(d, quotientBits: 64 * chunk)
        var q = [UInt64](repeating: 0, count: a.count)
        var r = BigNum(0)
        var end = a.count
        while end > 0 {
            let start = max(0, end - chunk)
            var piece = Array(a[start..<end])
            trim(&piece)
            let width = end - start
            let cur = BigNum(trimmed: addMagnitudes(shiftLeft(r.limbs, 64 * width), piece))
            let (qi, ri) = reciprocal.divide(cur)
            for (k, limb) in qi.limbs.enumerated() where start + k < q.count { q[start + k] = limb }
            r = ri
            end = start
        }
        trim(&q)
        return (q, r.limbs)
    }

    /// floor(2^(2w) / x), give or take 2, for x of exactly w bits (top bit set), by Newton's
    /// iteration from the reciprocal of x's top half. (Exact below the Newton threshold; callers
    /// correct their quotients, so the last units are not worth a further multiplication.)
    static func reciprocal(_ x: BigNum, width w: Int) -> BigNum {
        if w <= 64 * newtonDivisionThreshold {
            let one = BigNum(1).shifted(left: 2 * w)
            return BigNum(trimmed: divideSchoolbookOrSmall(one.limbs, x.limbs).0)
        }
        let h = w / 2 + 64
        let top = x.shifted(right: w - h)
        let yh = reciprocal(top, width: h)
        // y0 = yh * 2^(w-h) is within a relative 2^-(h-2) of 2^(2w)/x; one Newton step squares
        // that: y1 = y0 + y0 * (2^(2w) - x*y0) / 2^(2w).
        let y0 = yh.shifted(left: w - h)
        let e = BigNum(1).shifted(left: 2 * w) - x * y0
        let step = (yh * e).shifted(right: w + h)
        // |error| <= 1 from truncating the step, plus 2^(w+6-2h) from the start's error squared.
        return y0 + step
    }

    /// Knuth's division, or division by one limb.
    static func divideSchoolbookOrSmall(_ a: [UInt64], _ b: [UInt64]) -> ([UInt64], [UInt64]) {
        if compareMagnitudes(a, b) < 0 { return ([], a) }
        if b.count == 1 {
            var q = a
            let r = divideSmall(&q, b[0])
            return (q, r == 0 ? [] : [r])
        }
        return divideSchoolbook(a, b)
    }
}

/// A divisor with its reciprocal computed once, for dividing many numbers by it (radix
/// conversion divides every piece of a level by the same power).
struct Reciprocal {
    let divisor: BigNum
    /// The precision: the reciprocal is floor(2^(2p) / scaled) for a p-bit `scaled`.
    private let p: Int
    /// The divisor was shifted left by `pad` (when shorter than p bits) or right by `drop`
    /// (when longer) to make `scaled`; dividends get the same scaling.
    private let pad: Int
    private let drop: Int
    /// The reciprocal, and the divisor, as factors prepared for many products.
    private let y: BigNum.Multiplier
    private let divisorTimes: BigNum.Multiplier

    /// Prepares to divide by `divisor` (> 0) numbers whose quotient has at most `quotientBits` bits.
    init(_ divisor: BigNum, quotientBits: Int) {
        self.divisor = divisor.magnitude
        let width = divisor.bitWidth
        p = max(quotientBits, 1) + 64
        pad = max(0, p - width)
        drop = max(0, width - p)
        let scaled = pad > 0 ? divisor.magnitude.shifted(left: pad) : divisor.magnitude.shifted(right: drop)
        y = BigNum.Multiplier(BigNum.reciprocal(scaled, width: p), maxOther: (p + 64) / 64 + 2)
        divisorTimes = BigNum.Multiplier(self.divisor, maxOther: (quotientBits + 2) / 64 + 2)
    }

    /// (a / divisor, a % divisor) for 0 <= a with a quotient of at most `quotientBits` bits.
    func divide(_ a: BigNum) -> (BigNum, BigNum) {
        if BigNum.compareMagnitudes(a.limbs, divisor.limbs) < 0 { return (BigNum(0), a) }
        // Only the top p + 64 bits of the scaled dividend matter: the bits dropped here, in the
        // divisor and in the reciprocal each cost less than 2^-60 of a unit of the quotient, so
        // the estimate is off by at most 2; the remainder's sign and size say which way.
        let scaled = a.shifted(left: pad)
        let keep = max(0, scaled.bitWidth - drop - (p + 64))
        let top = scaled.shifted(right: drop + keep)
        var q = y.times(top).shifted(right: 2 * p - keep)
        var r = a - divisorTimes.times(q)
        var steps = 0
        while r.negative {
            q = q - BigNum(1)
            r = r + divisor
            steps += 1
            if steps > 16 { return exact(a) }
        }
        while BigNum.compareMagnitudes(r.limbs, divisor.limbs) >= 0 {
            q = q + BigNum(1)
            r = r - divisor
            steps += 1
            if steps > 16 { return exact(a) }
        }
        return (q, r)
    }

    /// The slow exact division, a safety net that the error bound says is never needed.
    private func exact(_ a: BigNum) -> (BigNum, BigNum) {
        let (q, r) = BigNum.divideSchoolbookOrSmall(a.limbs, divisor.limbs)
        return (BigNum(trimmed: q), BigNum(trimmed: r))
    }
}
