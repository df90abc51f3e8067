/// An exact integer too large for a fixnum, as a heap object.
///
/// Invariant (kept by `Numbers.normalize`): a `BigInt` value never fits in `Int`, so a number has
/// exactly one representation and `eqv?` on fixnums stays a bit comparison.
final class BigInt: HeapObject {
    /// The value: sign and magnitude.
    public let value: BigNum

    public init(_ value: BigNum) { self.value = value }

    public override var byteSize: Int { 48 + value.limbs.count * 8 }
    public override var typeName: String { "bignum" }
    override var hasWriteBarrier: Bool { true }  // (no values)
}

/// An arbitrary-precision integer value: sign and little-endian base-2^64 magnitude.
///
/// Why a struct beside the class: intermediate results (a running product in `expt`, Newton steps in
/// `sqrt`) are plain values that need no heap ownership; only a final result becomes a `BigInt`.
/// Why 64-bit limbs: one `multipliedFullWidth` does the work of four 32-bit products, which is
/// what the schoolbook and Karatsuba inner loops spend their time on.
struct BigNum: Equatable {
    /// True for negative values (never for zero).
    public var negative: Bool
    /// Magnitude, least significant limb first, without high zero limbs (zero is `[]`).
    public var limbs: [UInt64]

    init(negative: Bool, limbs: [UInt64]) {
        var l = limbs
        BigNum.trim(&l)
        self.limbs = l
        self.negative = negative && !l.isEmpty
    }

    /// A magnitude already trimmed (no copy, no check beyond debug builds).
    init(trimmed limbs: [UInt64], negative: Bool = false) {
        self.limbs = limbs
        self.negative = negative && !limbs.isEmpty
    }

    /// The value of a fixnum.
    init(_ n: Int) {
        self.limbs = n == 0 ? [] : [UInt64(n.magnitude)]
        self.negative = n < 0
    }

    /// The value of an integral, finite double (nil otherwise).
    init?(exactly d: Double) {
        guard d.isFinite, d.rounded(.towardZero) == d else { return nil }
        if let n = Int(exactly: d) {
            self.init(n)
            return
        }
        // |d| >= 2^63: the 53-bit significand shifted left by (exponent - 52).
        let sig = (UInt64(1) << 52) | d.significandBitPattern
        self = BigNum(trimmed: [sig], negative: d < 0).shifted(left: Int(d.exponent) - 52)
    }

    static func trim(_ l: inout [UInt64]) {
        while let last = l.last, last == 0 { l.removeLast() }
    }

    public var isZero: Bool { limbs.isEmpty }

    /// The value as an `Int`, if it fits.
    public var intValue: Int? {
        if limbs.count > 1 { return nil }
        let m = limbs.first ?? 0
        if negative { return m <= UInt64(1) << 63 ? Int(truncatingIfNeeded: 0 &- m) : nil }
        return m <= UInt64(Int.max) ? Int(m) : nil
    }

    /// Number of significant bits in the magnitude.
    public var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 64 - top.leadingZeroBitCount
    }

    /// The nearest double (ties to even); infinite when out of range.
    public var doubleValue: Double {
        let w = bitWidth
        if w <= 64 {
            let d = Double(limbs.first ?? 0)
            return negative ? -d : d
        }
        if w > 1100 { return negative ? -.infinity : .infinity }
        // Keep the top 64 bits, folding every dropped bit into a sticky low bit so that the one
        // rounding step Double(UInt64) performs sees the right direction.
        let shift = w - 64
        var m = magnitude.shifted(right: shift).limbs.first ?? 0
        if hasBitsBelow(shift) { m |= 1 }
        let d = Double(sign: .plus, exponent: shift, significand: Double(m))
        return negative ? -d : d
    }

    /// True when any of the lowest `bits` bits of the magnitude is set.
    func hasBitsBelow(_ bits: Int) -> Bool {
        let whole = bits / 64, part = bits % 64
        for i in 0..<min(whole, limbs.count) where limbs[i] != 0 { return true }
        if part > 0, whole < limbs.count, limbs[whole] & ((1 << UInt64(part)) - 1) != 0 { return true }
        return false
    }

    /// Whether the value is odd.
    public var isOdd: Bool { (limbs.first ?? 0) & 1 == 1 }

    /// The absolute value.
    var magnitude: BigNum { BigNum(trimmed: limbs) }

    /// The value with its lowest bit set (a sticky bit for rounding).
    func settingLowBit() -> BigNum {
        if limbs.isEmpty { return BigNum(trimmed: [1], negative: negative) }
        var l = limbs
        l[0] |= 1
        return BigNum(trimmed: l, negative: negative)
    }

    /// The magnitude shifted left by `bits` >= 0, keeping the sign.
    func shifted(left bits: Int) -> BigNum {
        BigNum(trimmed: BigNum.shiftLeft(limbs, bits), negative: negative)
    }

    /// The magnitude shifted right by `bits` >= 0 (truncating toward zero), keeping the sign.
    func shifted(right bits: Int) -> BigNum {
        BigNum(negative: negative, limbs: BigNum.shiftRight(limbs, bits))
    }

    // MARK: - Magnitude arithmetic

    /// Compares magnitudes: -1, 0 or 1.
    static func compareMagnitudes(_ a: [UInt64], _ b: [UInt64]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        var i = a.count - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }

    static func addMagnitudes(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        var out = long
        out.reserveCapacity(long.count + 1)
        var carry = false
        out.withUnsafeMutableBufferPointer { o in
            short.withUnsafeBufferPointer { s in
                for i in 0..<s.count {
                    let (x, c1) = o[i].addingReportingOverflow(s[i])
                    let (y, c2) = x.addingReportingOverflow(carry ? 1 : 0)
                    o[i] = y
                    carry = c1 || c2
                }
                var i = s.count
                while carry && i < o.count {
                    o[i] &+= 1
                    carry = o[i] == 0
                    i += 1
                }
            }
        }
        if carry { out.append(1) }
        return out
    }

    /// a - b for |a| >= |b|.
    static func subtractMagnitudes(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var out = a
        var borrow = false
        out.withUnsafeMutableBufferPointer { o in
            b.withUnsafeBufferPointer { s in
                for i in 0..<s.count {
                    let (x, b1) = o[i].subtractingReportingOverflow(s[i])
                    let (y, b2) = x.subtractingReportingOverflow(borrow ? 1 : 0)
                    o[i] = y
                    borrow = b1 || b2
                }
                var i = s.count
                while borrow && i < o.count {
                    borrow = o[i] == 0
                    o[i] &-= 1
                    i += 1
                }
            }
        }
        trim(&out)
        return out
    }

    /// Magnitude times a small factor plus a small addend.
    static func multiplyAddSmall(_ a: inout [UInt64], _ m: UInt64, _ add: UInt64) {
        var carry = add
        for i in 0..<a.count {
            let (h, l) = a[i].multipliedFullWidth(by: m)
            let (s, c) = l.addingReportingOverflow(carry)
            a[i] = s
            carry = h &+ (c ? 1 : 0)
        }
        if carry != 0 { a.append(carry) }
    }

    /// Divides a magnitude in place by a small nonzero divisor, returning the remainder.
    static func divideSmall(_ a: inout [UInt64], _ d: UInt64) -> UInt64 {
        var rem: UInt64 = 0
        var i = a.count - 1
        while i >= 0 {
            let (q, r) = d.dividingFullWidth((rem, a[i]))
            a[i] = q
            rem = r
            i -= 1
        }
        trim(&a)
        return rem
    }

    static func shiftLeft(_ a: [UInt64], _ bits: Int) -> [UInt64] {
        if a.isEmpty || bits == 0 { return a }
        let whole = bits / 64, part = UInt64(bits % 64)
        var out = [UInt64](repeating: 0, count: whole)
        out.reserveCapacity(whole + a.count + 1)
        if part == 0 {
            out += a
        } else {
            var carry: UInt64 = 0
            for x in a {
                out.append((x << part) | carry)
                carry = x >> (64 - part)
            }
            if carry != 0 { out.append(carry) }
        }
        return out
    }

    static func shiftRight(_ a: [UInt64], _ bits: Int) -> [UInt64] {
        let whole = bits / 64, part = UInt64(bits % 64)
        if whole >= a.count { return [] }
        var out = Array(a[whole...])
        if part != 0 {
            for i in 0..<out.count {
                let hi = i + 1 < out.count ? out[i + 1] << (64 - part) : 0
                out[i] = (out[i] >> part) | hi
            }
        }
        trim(&out)
        return out
    }
}
