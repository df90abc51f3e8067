/// Signed arithmetic, division, roots and radix conversion on `BigNum`.
extension BigNum {
    static func + (a: BigNum, b: BigNum) -> BigNum {
        if a.negative == b.negative {
            return BigNum(negative: a.negative, limbs: addMagnitudes(a.limbs, b.limbs))
        }
        let c = compareMagnitudes(a.limbs, b.limbs)
        if c == 0 { return BigNum(0) }
        return c > 0 ? BigNum(negative: a.negative, limbs: subtractMagnitudes(a.limbs, b.limbs))
                     : BigNum(negative: b.negative, limbs: subtractMagnitudes(b.limbs, a.limbs))
    }

    static prefix func - (a: BigNum) -> BigNum { BigNum(negative: !a.negative, limbs: a.limbs) }

    static func - (a: BigNum, b: BigNum) -> BigNum { a + (-b) }

    static func * (a: BigNum, b: BigNum) -> BigNum {
        BigNum(negative: a.negative != b.negative, limbs: multiplyMagnitudes(a.limbs, b.limbs))
    }

    /// Signed comparison: -1, 0 or 1.
    static func compare(_ a: BigNum, _ b: BigNum) -> Int {
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let c = compareMagnitudes(a.limbs, b.limbs)
        return a.negative ? -c : c
    }

    var magnitude: BigNum { BigNum(negative: false, limbs: limbs) }

    /// Truncating division (quotient rounds toward zero, remainder has the dividend's sign).
    /// The divisor must not be zero.
    func quotientAndRemainder(dividingBy d: BigNum) -> (quotient: BigNum, remainder: BigNum) {
        let (q, r) = BigNum.divideMagnitudes(limbs, d.limbs)
        return (BigNum(negative: negative != d.negative, limbs: q), BigNum(negative: negative, limbs: r))
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

    /// Long division of magnitudes (Knuth, TAOCP vol. 2, 4.3.1, algorithm D).
    static func divideMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> ([UInt32], [UInt32]) {
        precondition(!b.isEmpty, "division by zero must be checked by the caller")
        if compareMagnitudes(a, b) < 0 { return ([], a) }
        if b.count == 1 {
            var q = a
            let r = divideSmall(&q, b[0])
            return (q, r == 0 ? [] : [r])
        }
        // Normalise so the divisor's top limb has its high bit set; then each quotient digit
        // estimate is at most 2 too large.
        let s = b[b.count - 1].leadingZeroBitCount
        let v = shiftLeft(b, s)
        var u = shiftLeft(a, s)
        if u.count == a.count { u.append(0) }
        let n = v.count, m = u.count - n
        var q = [UInt32](repeating: 0, count: m)
        let vTop = UInt64(v[n - 1]), vNext = UInt64(v[n - 2])
        let base: UInt64 = 1 << 32
        var j = m - 1
        while j >= 0 {
            let num = (UInt64(u[j + n]) << 32) | UInt64(u[j + n - 1])
            var qhat = num / vTop
            var rhat = num % vTop
            while qhat >= base || qhat * vNext > ((rhat << 32) | UInt64(u[j + n - 2])) {
                qhat -= 1
                rhat += vTop
                if rhat >= base { break }
            }
            // u[j...j+n] -= qhat * v
            var borrow: Int64 = 0
            var carry: UInt64 = 0
            for i in 0..<n {
                let p = qhat * UInt64(v[i]) + carry
                carry = p >> 32
                let t = Int64(u[i + j]) - borrow - Int64(p & 0xFFFF_FFFF)
                u[i + j] = UInt32(truncatingIfNeeded: t)
                borrow = t < 0 ? 1 : 0
            }
            let t = Int64(u[j + n]) - borrow - Int64(carry)
            u[j + n] = UInt32(truncatingIfNeeded: t)
            if t < 0 {
                // qhat was one too large: add the divisor back.
                qhat -= 1
                var c: UInt64 = 0
                for i in 0..<n {
                    let s2 = UInt64(u[i + j]) + UInt64(v[i]) + c
                    u[i + j] = UInt32(truncatingIfNeeded: s2)
                    c = s2 >> 32
                }
                u[j + n] = UInt32(truncatingIfNeeded: UInt64(u[j + n]) + c)
            }
            q[j] = UInt32(truncatingIfNeeded: qhat)
            j -= 1
        }
        trim(&q)
        var r = Array(u[0..<n])
        trim(&r)
        return (q, shiftRight(r, s))
    }

    /// Greatest common divisor of the magnitudes (Euclid).
    static func gcd(_ a: BigNum, _ b: BigNum) -> BigNum {
        var x = a.magnitude, y = b.magnitude
        while !y.isZero {
            // Once both fit in a machine word, finish there.
            if let xi = x.intValue, let yi = y.intValue {
                var p = xi.magnitude, q = yi.magnitude
                while q != 0 { (p, q) = (q, p % q) }
                return p <= UInt(Int.max) ? BigNum(Int(p)) : BigNum(negative: false, limbs: [UInt32(truncatingIfNeeded: p), UInt32(truncatingIfNeeded: p >> 32)])
            }
            (x, y) = (y, BigNum(negative: false, limbs: divideMagnitudes(x.limbs, y.limbs).1))
        }
        return x
    }

    /// floor(sqrt(n)) for n >= 0 (Newton's method from an over-estimate).
    static func isqrt(_ n: BigNum) -> BigNum {
        if n.isZero { return n }
        // Start at 2^ceil(bits/2) >= sqrt(n); the iteration decreases monotonically to the root.
        var x = BigNum(negative: false, limbs: shiftLeft([1], (n.bitWidth + 1) / 2))
        while true {
            let y = BigNum(negative: false, limbs: shiftRight(addMagnitudes(x.limbs, divideMagnitudes(n.limbs, x.limbs).0), 1))
            if compareMagnitudes(y.limbs, x.limbs) >= 0 { return x }
            x = y
        }
    }

    /// Digits in `radix` (2...36), lowercase, with a leading "-" when negative.
    func toString(radix: Int) -> String {
        if isZero { return "0" }
        // Peel off chunks of as many digits as fit in a limb, then print each chunk padded.
        var chunkDigits = 1
        var chunk = UInt32(radix)
        while UInt64(chunk) * UInt64(radix) <= UInt64(UInt32.max) {
            chunk *= UInt32(radix)
            chunkDigits += 1
        }
        var mag = limbs
        var pieces: [UInt32] = []
        pieces.reserveCapacity(mag.count * 2)
        while !mag.isEmpty { pieces.append(BigNum.divideSmall(&mag, chunk)) }
        var out = negative ? "-" : ""
        out += String(pieces[pieces.count - 1], radix: radix)
        var i = pieces.count - 2
        while i >= 0 {
            let s = String(pieces[i], radix: radix)
            if s.count < chunkDigits { out += String(repeating: "0", count: chunkDigits - s.count) }
            out += s
            i -= 1
        }
        return out
    }

    /// The value of a run of digit values (each < radix), most significant first.
    static func fromDigits(_ digits: [UInt8], radix: Int, negative: Bool) -> BigNum {
        var mag: [UInt32] = []
        var chunk: UInt32 = 0, scale: UInt32 = 1
        for d in digits {
            chunk = chunk * UInt32(radix) + UInt32(d)
            scale *= UInt32(radix)
            if UInt64(scale) * UInt64(radix) > UInt64(UInt32.max) {
                multiplyAddSmall(&mag, scale, chunk)
                chunk = 0
                scale = 1
            }
        }
        if scale > 1 { multiplyAddSmall(&mag, scale, chunk) }
        return BigNum(negative: negative, limbs: mag)
    }

    /// self^e for e >= 0, by repeated squaring.
    func power(_ e: Int) -> BigNum {
        var result = BigNum(1), base = self, k = e
        while k > 0 {
            if k & 1 == 1 { result = result * base }
            k >>= 1
            if k > 0 { base = base * base }
        }
        return result
    }
}
