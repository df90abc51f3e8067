/// An exact integer too large for a fixnum, as a heap object.
///
/// Invariant (kept by `Numbers.normalize`): a `BigInt` value never fits in `Int`, so a number has
/// exactly one representation and `eqv?` on fixnums stays a bit comparison.
public final class BigInt: HeapObject {
    /// The value: sign and magnitude.
    public let value: BigNum

    public init(_ value: BigNum) { self.value = value }

    public override var byteSize: Int { 48 + value.limbs.count * 4 }
    public override var typeName: String { "bignum" }
}

/// An arbitrary-precision integer value: sign and little-endian base-2^32 magnitude.
///
/// Why a struct beside the class: intermediate results (a running product in `expt`, Newton steps in
/// `sqrt`) are plain values that need no heap ownership; only a final result becomes a `BigInt`.
public struct BigNum: Equatable {
    /// True for negative values (never for zero).
    public var negative: Bool
    /// Magnitude, least significant limb first, without high zero limbs (zero is `[]`).
    public var limbs: [UInt32]

    init(negative: Bool, limbs: [UInt32]) {
        var l = limbs
        BigNum.trim(&l)
        self.limbs = l
        self.negative = negative && !l.isEmpty
    }

    /// The value of a fixnum.
    init(_ n: Int) {
        let m = n.magnitude
        var l: [UInt32] = []
        if m != 0 { l.append(UInt32(truncatingIfNeeded: m)) }
        if m >> 32 != 0 { l.append(UInt32(truncatingIfNeeded: m >> 32)) }
        self.limbs = l
        self.negative = n < 0
    }

    /// The value of an integral, finite double (nil otherwise).
    init?(exactly d: Double) {
        guard d.isFinite, d.rounded(.towardZero) == d else { return nil }
        if let n = Int(exactly: d) {
            self.init(n)
            return
        }
        // |d| >= 2^63: the significand shifted left by (exponent - 52).
        let sig = (UInt64(1) << 52) | d.significandBitPattern
        let shift = Int(d.exponent) - 52
        let base = BigNum(negative: false, limbs: [UInt32(truncatingIfNeeded: sig), UInt32(truncatingIfNeeded: sig >> 32)])
        self.init(negative: d < 0, limbs: BigNum.shiftLeft(base.limbs, shift))
    }

    static func trim(_ l: inout [UInt32]) {
        while let last = l.last, last == 0 { l.removeLast() }
    }

    public var isZero: Bool { limbs.isEmpty }

    /// The value as an `Int`, if it fits.
    public var intValue: Int? {
        if limbs.count > 2 { return nil }
        var m: UInt64 = 0
        if limbs.count > 0 { m = UInt64(limbs[0]) }
        if limbs.count > 1 { m |= UInt64(limbs[1]) << 32 }
        if negative {
            if m <= UInt64(1) << 63 { return Int(truncatingIfNeeded: 0 &- m) }
            return nil
        }
        return m <= UInt64(Int.max) ? Int(m) : nil
    }

    /// Number of significant bits in the magnitude.
    public var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }

    /// The nearest double (ties to even); infinite when out of range.
    public var doubleValue: Double {
        let w = bitWidth
        if w <= 64 {
            var m: UInt64 = 0
            if limbs.count > 0 { m = UInt64(limbs[0]) }
            if limbs.count > 1 { m |= UInt64(limbs[1]) << 32 }
            let d = Double(m)
            return negative ? -d : d
        }
        // Keep the top 64 bits, folding every dropped bit into a sticky low bit so that the one
        // rounding step Double(UInt64) performs sees the right direction.
        let shift = w - 64
        let top = BigNum.shiftRight(limbs, shift)
        var m = UInt64(top[0]) | (UInt64(top.count > 1 ? top[1] : 0) << 32)
        if BigNum.hasBitsBelow(limbs, shift) { m |= 1 }
        let d = Double(m) * pow2(shift)
        return negative ? -d : d
    }

    /// 2^k as a double for k >= 0 (infinite when too large).
    private func pow2(_ k: Int) -> Double {
        k > 1100 ? .infinity : Double(sign: .plus, exponent: k, significand: 1)
    }

    /// True when any of the lowest `bits` bits of `l` is set.
    static func hasBitsBelow(_ l: [UInt32], _ bits: Int) -> Bool {
        let whole = bits / 32, part = bits % 32
        for i in 0..<min(whole, l.count) where l[i] != 0 { return true }
        if part > 0, whole < l.count, l[whole] & ((1 << UInt32(part)) - 1) != 0 { return true }
        return false
    }

    /// Whether the value is odd.
    public var isOdd: Bool { (limbs.first ?? 0) & 1 == 1 }

    // MARK: - Magnitude arithmetic

    /// Compares magnitudes: -1, 0 or 1.
    static func compareMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        var i = a.count - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }

    static func addMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        var out = [UInt32]()
        out.reserveCapacity(long.count + 1)
        var carry: UInt64 = 0
        for i in 0..<long.count {
            let s = UInt64(long[i]) + (i < short.count ? UInt64(short[i]) : 0) + carry
            out.append(UInt32(truncatingIfNeeded: s))
            carry = s >> 32
        }
        if carry != 0 { out.append(UInt32(carry)) }
        return out
    }

    /// a - b for |a| >= |b|.
    static func subtractMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var out = [UInt32]()
        out.reserveCapacity(a.count)
        var borrow: Int64 = 0
        for i in 0..<a.count {
            var d = Int64(a[i]) - (i < b.count ? Int64(b[i]) : 0) - borrow
            if d < 0 { d += 1 << 32; borrow = 1 } else { borrow = 0 }
            out.append(UInt32(truncatingIfNeeded: d))
        }
        trim(&out)
        return out
    }

    static func multiplyMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        if a.isEmpty || b.isEmpty { return [] }
        if a.count >= karatsubaThreshold && b.count >= karatsubaThreshold {
            return karatsuba(a, b)
        }
        var out = [UInt32](repeating: 0, count: a.count + b.count)
        out.withUnsafeMutableBufferPointer { o in
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    for i in 0..<pa.count {
                        let x = UInt64(pa[i])
                        if x == 0 { continue }
                        var carry: UInt64 = 0
                        for j in 0..<pb.count {
                            // x*y + o + carry < 2^64: (2^32-1)^2 + 2*(2^32-1) = 2^64-1.
                            let t = x * UInt64(pb[j]) + UInt64(o[i + j]) + carry
                            o[i + j] = UInt32(truncatingIfNeeded: t)
                            carry = t >> 32
                        }
                        o[i + pb.count] = UInt32(truncatingIfNeeded: carry)
                    }
                }
            }
        }
        trim(&out)
        return out
    }

    static let karatsubaThreshold = 48

    /// Karatsuba multiplication: three half-size products instead of four.
    static func karatsuba(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        let half = (max(a.count, b.count) + 1) / 2
        func split(_ x: [UInt32]) -> ([UInt32], [UInt32]) {
            if x.count <= half { return (x, []) }
            var lo = Array(x[0..<half]); trim(&lo)
            return (lo, Array(x[half...]))
        }
        let (a0, a1) = split(a), (b0, b1) = split(b)
        let z0 = multiplyMagnitudes(a0, b0)
        let z2 = multiplyMagnitudes(a1, b1)
        let z1full = multiplyMagnitudes(addMagnitudes(a0, a1), addMagnitudes(b0, b1))
        let z1 = subtractMagnitudes(subtractMagnitudes(z1full, z0), z2)
        var out = z0
        out = addShifted(out, z1, half)
        out = addShifted(out, z2, 2 * half)
        trim(&out)
        return out
    }

    /// a + b * 2^(32*limbs).
    static func addShifted(_ a: [UInt32], _ b: [UInt32], _ limbs: Int) -> [UInt32] {
        if b.isEmpty { return a }
        var out = a
        if out.count < b.count + limbs { out += [UInt32](repeating: 0, count: b.count + limbs - out.count) }
        var carry: UInt64 = 0
        var i = 0
        while i < b.count || carry != 0 {
            if limbs + i == out.count { out.append(0) }
            let s = UInt64(out[limbs + i]) + (i < b.count ? UInt64(b[i]) : 0) + carry
            out[limbs + i] = UInt32(truncatingIfNeeded: s)
            carry = s >> 32
            i += 1
        }
        return out
    }

    /// Magnitude times a small factor plus a small addend (used by parsing).
    static func multiplyAddSmall(_ a: inout [UInt32], _ m: UInt32, _ add: UInt32) {
        var carry = UInt64(add)
        for i in 0..<a.count {
            let t = UInt64(a[i]) * UInt64(m) + carry
            a[i] = UInt32(truncatingIfNeeded: t)
            carry = t >> 32
        }
        if carry != 0 { a.append(UInt32(carry)) }
    }

    /// Divides a magnitude in place by a small divisor, returning the remainder.
    static func divideSmall(_ a: inout [UInt32], _ d: UInt32) -> UInt32 {
        var rem: UInt64 = 0
        var i = a.count - 1
        while i >= 0 {
            let cur = (rem << 32) | UInt64(a[i])
            a[i] = UInt32(truncatingIfNeeded: cur / UInt64(d))
            rem = cur % UInt64(d)
            i -= 1
        }
        trim(&a)
        return UInt32(rem)
    }

    static func shiftLeft(_ a: [UInt32], _ bits: Int) -> [UInt32] {
        if a.isEmpty || bits == 0 { return a }
        let whole = bits / 32, part = UInt32(bits % 32)
        var out = [UInt32](repeating: 0, count: whole)
        out.reserveCapacity(whole + a.count + 1)
        if part == 0 {
            out += a
        } else {
            var carry: UInt32 = 0
            for x in a {
                out.append((x << part) | carry)
                carry = x >> (32 - part)
            }
            if carry != 0 { out.append(carry) }
        }
        return out
    }

    static func shiftRight(_ a: [UInt32], _ bits: Int) -> [UInt32] {
        let whole = bits / 32, part = UInt32(bits % 32)
        if whole >= a.count { return [] }
        var out = Array(a[whole...])
        if part != 0 {
            for i in 0..<out.count {
                let hi = i + 1 < out.count ? out[i + 1] << (32 - part) : 0
                out[i] = (out[i] >> part) | hi
            }
        }
        trim(&out)
        return out
    }
}
