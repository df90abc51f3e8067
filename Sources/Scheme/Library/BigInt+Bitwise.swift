/// Bitwise operations on `BigNum` with the semantics of an infinite two's complement
/// representation (SRFI 151): a negative number has infinitely many leading one bits.
extension BigNum {
    /// The lowest `count` limbs of the two's complement form (count > limbs.count, so the
    /// top limb holds sign bits).
    func twosComplement(_ count: Int) -> [UInt64] {
        var out = limbs
        out += [UInt64](repeating: 0, count: count - limbs.count)
        if negative {
            var carry = true
            for i in 0..<count {
                out[i] = ~out[i]
                if carry {
                    out[i] &+= 1
                    carry = out[i] == 0
                }
            }
        }
        return out
    }

    /// The value of two's complement limbs (the top bit of the last limb is the sign).
    static func fromTwosComplement(_ l: [UInt64]) -> BigNum {
        guard let top = l.last, top >> 63 == 1 else { return BigNum(negative: false, limbs: l) }
        var m = l
        var carry = true
        for i in 0..<m.count {
            m[i] = ~m[i]
            if carry {
                m[i] &+= 1
                carry = m[i] == 0
            }
        }
        return BigNum(negative: true, limbs: m)
    }

    /// A limb-wise operation on the two's complement forms of a and b.
    static func bitwise(_ a: BigNum, _ b: BigNum, _ op: (UInt64, UInt64) -> UInt64) -> BigNum {
        let n = max(a.limbs.count, b.limbs.count) + 1
        let x = a.twosComplement(n), y = b.twosComplement(n)
        var out = [UInt64](repeating: 0, count: n)
        for i in 0..<n { out[i] = op(x[i], y[i]) }
        return fromTwosComplement(out)
    }

    /// floor(self * 2^k): a left shift for k > 0, a right shift rounding down for k < 0.
    func arithmeticShift(_ k: Int) -> BigNum {
        if k >= 0 { return shifted(left: k) }
        if !negative { return shifted(right: -k) }
        // floor(-m / 2^j) = -(((m - 1) >> j) + 1).
        let m1 = magnitude - BigNum(1)
        return -(m1.shifted(right: -k) + BigNum(1))
    }

    /// The number of one bits (for n >= 0) or zero bits (for n < 0) in two's complement.
    var bitCount: Int {
        let m = negative ? magnitude - BigNum(1) : self
        return m.limbs.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// The number of bits needed to represent the value in two's complement, without the sign.
    var integerLength: Int { negative ? (magnitude - BigNum(1)).bitWidth : bitWidth }

    /// Whether bit `index` of the two's complement form is set.
    func bit(_ index: Int) -> Bool {
        let word = index / 64
        if word >= limbs.count + 1 { return negative }
        let tc = twosComplement(limbs.count + 1)
        return tc[word] >> UInt64(index % 64) & 1 == 1
    }

    /// The index of the lowest set bit (-1 for zero); the same for n and -n.
    var firstSetBit: Int {
        for (i, limb) in limbs.enumerated() where limb != 0 { return i * 64 + limb.trailingZeroBitCount }
        return -1
    }
}
