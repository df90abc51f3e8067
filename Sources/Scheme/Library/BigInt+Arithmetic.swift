/// Signed arithmetic, division, gcd, roots and powers on `BigNum`.
extension BigNum {
    static func + (a: BigNum, b: BigNum) -> BigNum {
        if a.negative == b.negative {
            return BigNum(trimmed: addMagnitudes(a.limbs, b.limbs), negative: a.negative)
        }
        let c = compareMagnitudes(a.limbs, b.limbs)
        if c == 0 { return BigNum(0) }
        return c > 0 ? BigNum(trimmed: subtractMagnitudes(a.limbs, b.limbs), negative: a.negative)
                     : BigNum(trimmed: subtractMagnitudes(b.limbs, a.limbs), negative: b.negative)
    }

    static prefix func - (a: BigNum) -> BigNum { BigNum(trimmed: a.limbs, negative: !a.negative) }

    static func - (a: BigNum, b: BigNum) -> BigNum { a + (-b) }

    static func * (a: BigNum, b: BigNum) -> BigNum {
        BigNum(trimmed: multiplyMagnitudes(a.limbs, b.limbs), negative: a.negative != b.negative)
    }

    /// Signed comparison: -1, 0 or 1.
    static func compare(_ a: BigNum, _ b: BigNum) -> Int {
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let c = compareMagnitudes(a.limbs, b.limbs)
        return a.negative ? -c : c
    }

    /// Truncating division (quotient rounds toward zero, remainder has the dividend's sign).
    /// The divisor must not be zero.
    func quotientAndRemainder(dividingBy d: BigNum) -> (quotient: BigNum, remainder: BigNum) {
        let (q, r) = BigNum.divideMagnitudes(limbs, d.limbs)
        return (BigNum(trimmed: q, negative: negative != d.negative), BigNum(trimmed: r, negative: negative))
    }

    /// Floor division (quotient rounds toward negative infinity, remainder has the divisor's sign).
    func floorDivision(by d: BigNum) -> (quotient: BigNum, remainder: BigNum) {
        var (q, r) = quotientAndRemainder(dividingBy: d)
        if !r.isZero && r.negative != d.negative {
            q = q - BigNum(1)
            r = r + d
        }
        return (q, r)
    }

    /// self / d when d is known to divide self (gcd reductions).
    func exactQuotient(_ d: BigNum) -> BigNum {
        if d.limbs == [1] { return d.negative ? -self : self }
        return quotientAndRemainder(dividingBy: d).quotient
    }

    /// Division of magnitudes: schoolbook for short divisors or quotients, Newton's reciprocal
    /// (multiplication-bound, so sub-quadratic) for long ones.
    static func divideMagnitudes(_ a: [UInt64], _ b: [UInt64]) -> ([UInt64], [UInt64]) {
        precondition(!b.isEmpty, "division by zero must be checked by the caller")
        if compareMagnitudes(a, b) < 0 { return ([], a) }
        if b.count == 1 {
            var q = a
            let r = divideSmall(&q, b[0])
            return (q, r == 0 ? [] : [r])
        }
        if b.count >= newtonDivisionThreshold && a.count - b.count >= newtonDivisionThreshold {
            return divideByNewton(a, b)
        }
        return divideSchoolbook(a, b)
    }

    /// Long division (Knuth, TAOCP vol. 2, 4.3.1, algorithm D) for |a| >= |b|, b with 2+ limbs.
    static func divideSchoolbook(_ a: [UInt64], _ b: [UInt64]) -> ([UInt64], [UInt64]) {
        // Normalise so the divisor's top limb has its high bit set; then each quotient digit
        // estimate is at most 2 too large.
        let s = b[b.count - 1].leadingZeroBitCount
        let v = shiftLeft(b, s)
        var u = shiftLeft(a, s)
        if u.count == a.count { u.append(0) }
        let n = v.count, m = u.count - n
        var q = [UInt64](repeating: 0, count: m)
        let vTop = v[n - 1], vNext = v[n - 2]
        u.withUnsafeMutableBufferPointer { u in
            v.withUnsafeBufferPointer { v in
                var j = m - 1
                while j >= 0 {
                    q[j] = divideStep(u, v, at: j, vTop: vTop, vNext: vNext)
                    j -= 1
                }
            }
        }
        trim(&q)
        var r = Array(u[0..<n])
        trim(&r)
        return (q, shiftRight(r, s))
    }

    /// One quotient limb of algorithm D: u[j...j+n] -= qhat * v, returning qhat.
    @inline(__always)
    private static func divideStep(_ u: UnsafeMutableBufferPointer<UInt64>, _ v: UnsafeBufferPointer<UInt64>,
                                   at j: Int, vTop: UInt64, vNext: UInt64) -> UInt64 {
        let n = v.count
        let ujn = u[j + n], ujn1 = u[j + n - 1], ujn2 = u[j + n - 2]
        var qhat: UInt64, rhat: UInt64, rhatOverflow = false
        if ujn >= vTop {
            // The estimate would not fit a limb: start from b - 1 (then rhat = ujn1 + vTop).
            qhat = .max
            (rhat, rhatOverflow) = ujn1.addingReportingOverflow(vTop)
        } else {
            (qhat, rhat) = vTop.dividingFullWidth((ujn, ujn1))
        }
        while !rhatOverflow {
            let (ph, pl) = qhat.multipliedFullWidth(by: vNext)
            guard ph > rhat || (ph == rhat && pl > ujn2) else { break }
            qhat -= 1
            (rhat, rhatOverflow) = rhat.addingReportingOverflow(vTop)
        }
        var borrow: UInt64 = 0, carry: UInt64 = 0
        for i in 0..<n {
            let (ph, pl) = qhat.multipliedFullWidth(by: v[i])
            let (low, c) = pl.addingReportingOverflow(carry)
            carry = ph &+ (c ? 1 : 0)
            let (t, b1) = u[i + j].subtractingReportingOverflow(low)
            let (t2, b2) = t.subtractingReportingOverflow(borrow)
            u[i + j] = t2
            borrow = (b1 || b2) ? 1 : 0
        }
        let (t, b1) = u[j + n].subtractingReportingOverflow(carry)
        let (t2, b2) = t.subtractingReportingOverflow(borrow)
        u[j + n] = t2
        if b1 || b2 {
            // qhat was one too large: add the divisor back (the final carry cancels the borrow).
            qhat -= 1
            var c = false
            for i in 0..<n {
                let (s1, c1) = u[i + j].addingReportingOverflow(v[i])
                let (s2, c2) = s1.addingReportingOverflow(c ? 1 : 0)
                u[i + j] = s2
                c = c1 || c2
            }
            u[j + n] &+= c ? 1 : 0
        }
        return qhat
    }

    /// Greatest common divisor of the magnitudes (Euclid, finishing in machine words).
    static func gcd(_ a: BigNum, _ b: BigNum) -> BigNum {
        var x = a.magnitude, y = b.magnitude
        while !y.isZero {
            if x.limbs.count <= 1 && y.limbs.count <= 1 {
                var p = x.limbs.first ?? 0, q = y.limbs.first ?? 0
                while q != 0 { (p, q) = (q, p % q) }
                return BigNum(trimmed: p == 0 ? [] : [p])
            }
            (x, y) = (y, BigNum(trimmed: divideMagnitudes(x.limbs, y.limbs).1))
        }
        return x
    }

    /// floor(sqrt(n)) for n >= 0 (Newton's method from an over-estimate).
    static func isqrt(_ n: BigNum) -> BigNum {
        if n.isZero { return n }
        // Start at 2^ceil(bits/2) >= sqrt(n); the iteration decreases monotonically to the root.
        var x = BigNum(1).shifted(left: (n.bitWidth + 1) / 2)
        while true {
            let y = (x + BigNum(trimmed: divideMagnitudes(n.limbs, x.limbs).0)).shifted(right: 1)
            if compareMagnitudes(y.limbs, x.limbs) >= 0 { return x }
            x = y
        }
    }

    /// self^e for e >= 0, by repeated squaring.
    func power(_ e: Int) -> BigNum {
        var result = BigNum(1), base = self, k = e
        while k > 0 {
            if k & 1 == 1 { result = result * base }
            k >>= 1
            if k > 0 { base = base.squared() }
        }
        return result
    }

    /// self * self.
    func squared() -> BigNum { BigNum(trimmed: BigNum.squareMagnitude(limbs)) }
}
