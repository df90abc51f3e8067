/// Multiplication of magnitudes: schoolbook for short operands, Karatsuba for medium ones and a
/// number-theoretic transform (`NTT`) for long ones, so a product of two million-digit numbers
/// takes milliseconds instead of seconds.
extension BigNum {
    /// Below this many limbs (of the shorter operand) the schoolbook product is fastest.
    static let karatsubaThreshold = 40
    /// From this many limbs (of the shorter operand) the transform beats Karatsuba.
    static let nttThreshold = 1000

    static func multiplyMagnitudes(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        if a.isEmpty || b.isEmpty { return [] }
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        if short.count < karatsubaThreshold { return schoolbook(long, short) }
        if short.count >= nttThreshold, let p = NTT.multiply(long, short, square: false) { return p }
        if long.count >= 2 * short.count { return unbalanced(long, short) }
        return karatsuba(long, short)
    }

    /// a * a, which the transform does with one forward pass instead of two.
    static func squareMagnitude(_ a: [UInt64]) -> [UInt64] {
        if a.count >= nttThreshold, let p = NTT.multiply(a, a, square: true) { return p }
        return multiplyMagnitudes(a, a)
    }

    /// The schoolbook product (quadratic; fastest for short operands).
    static func schoolbook(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: a.count + b.count)
        out.withUnsafeMutableBufferPointer { o in
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    for i in 0..<pa.count {
                        let x = pa[i]
                        if x == 0 { continue }
                        var carry: UInt64 = 0
                        for j in 0..<pb.count {
                            // x*y + o + carry <= (2^64-1)^2 + 2(2^64-1) = 2^128 - 1: no overflow.
                            let (h, l) = x.multipliedFullWidth(by: pb[j])
                            let (s1, c1) = l.addingReportingOverflow(o[i + j])
                            let (s2, c2) = s1.addingReportingOverflow(carry)
                            o[i + j] = s2
                            carry = h &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
                        }
                        o[i + pb.count] = carry
                    }
                }
            }
        }
        trim(&out)
        return out
    }

    /// A long operand times a much shorter one: the long one in pieces of the short one's size.
    static func unbalanced(_ long: [UInt64], _ short: [UInt64]) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: long.count + short.count)
        var start = 0
        while start < long.count {
            let end = min(start + short.count, long.count)
            var piece = Array(long[start..<end])
            trim(&piece)
            addShifted(&out, multiplyMagnitudes(piece, short), start)
            start = end
        }
        trim(&out)
        return out
    }

    /// Karatsuba multiplication for operands of similar length: three half-size products
    /// instead of four.
    static func karatsuba(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let half = (a.count + 1) / 2
        func split(_ x: [UInt64]) -> ([UInt64], [UInt64]) {
            if x.count <= half { return (x, []) }
            var lo = Array(x[0..<half])
            trim(&lo)
            return (lo, Array(x[half...]))
        }
        let (a0, a1) = split(a), (b0, b1) = split(b)
        let z0 = multiplyMagnitudes(a0, b0)
        let z2 = multiplyMagnitudes(a1, b1)
        let mid = multiplyMagnitudes(addMagnitudes(a0, a1), addMagnitudes(b0, b1))
        let z1 = subtractMagnitudes(subtractMagnitudes(mid, z0), z2)
        var out = [UInt64](repeating: 0, count: a.count + b.count)
        addShifted(&out, z0, 0)
        addShifted(&out, z1, half)
        addShifted(&out, z2, 2 * half)
        trim(&out)
        return out
    }

    /// out += x * 2^(64*at), where the sum is known to fit in `out`.
    static func addShifted(_ out: inout [UInt64], _ x: [UInt64], _ at: Int) {
        if x.isEmpty { return }
        out.withUnsafeMutableBufferPointer { o in
            x.withUnsafeBufferPointer { px in
                var carry = false
                for i in 0..<px.count {
                    let (s1, c1) = o[at + i].addingReportingOverflow(px[i])
                    let (s2, c2) = s1.addingReportingOverflow(carry ? 1 : 0)
                    o[at + i] = s2
                    carry = c1 || c2
                }
                var k = at + px.count
                while carry && k < o.count {
                    o[k] &+= 1
                    carry = o[k] == 0
                    k += 1
                }
            }
        }
    }

    /// A factor that many products share (the power of a level of radix conversion, a divisor and
    /// its reciprocal), prepared once for the transform when it is long enough to use one.
    struct Multiplier {
        let value: BigNum
        private let prepared: NTT.Prepared?

        /// Prepares `value` for products with numbers of at most `maxOther` limbs.
        init(_ value: BigNum, maxOther: Int) {
            self.value = value
            let long = min(value.limbs.count, maxOther) >= BigNum.nttThreshold
            prepared = long ? NTT.Prepared(value.limbs, maxOther: maxOther) : nil
        }

        func times(_ y: BigNum) -> BigNum {
            if let prepared, min(y.limbs.count, value.limbs.count) >= BigNum.nttThreshold,
               let product = prepared.times(y.limbs) {
                return BigNum(trimmed: product, negative: value.negative != y.negative)
            }
            return value * y
        }
    }
}
