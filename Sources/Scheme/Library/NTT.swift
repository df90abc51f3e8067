/// Products of long magnitudes by a number-theoretic transform modulo the prime
/// p = 2^64 - 2^32 + 1, whose special form makes reduction a few additions.
///
/// The operands are cut into b-bit pieces; each coefficient of the product is a sum of at most
/// n/2 products of two pieces, so b is chosen (16...24) as large as keeps n/2 * 2^(2b) below p:
/// every coefficient is then exact, with no second prime and no Chinese remaindering.
///
/// Speed: values stay in [0, p) as plain 64-bit integers, the transforms recurse on halves so that
/// the later stages run on blocks already in the cache, and only the top level of twiddle factors
/// is computed by multiplication (lower levels are every other entry of the level above).
enum NTT {
    static let p: UInt64 = 0xFFFF_FFFF_0000_0001
    /// 2^32 - 1, which is 2^64 mod p.
    static let epsilon: UInt64 = 0xFFFF_FFFF
    /// A generator of the multiplicative group mod p (whose order 2^32 * (2^32 - 1) allows
    /// transforms up to length 2^32).
    static let generator: UInt64 = 7
    /// The longest transform used; beyond it the caller splits the operands.
    static let maxLog = 26
    /// Blocks of at most this many values are transformed stage by stage.
    static let blockSize = 1 << 11

    // Values are kept in [0, p). (A lazy form in [0, 2^64) was tried: its carry fix-ups compile
    // to branches that mispredict on random data, three times slower than these selects.)

    @inline(__always) static func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (s, carry) = a.addingReportingOverflow(b)
        // With a, b < p a carry means s + 2^64 >= p; 2^64 ≡ epsilon.
        if carry { return s &+ epsilon }
        return s >= p ? s &- p : s
    }

    @inline(__always) static func sub(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (d, borrow) = a.subtractingReportingOverflow(b)
        return borrow ? d &- epsilon : d
    }

    /// a * b mod p for a, b < p.
    @inline(__always) static func mul(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (hi, lo) = a.multipliedFullWidth(by: b)
        // x = lo + 2^64 * (hiLo + 2^32 * hiHi) ≡ lo + epsilon * hiLo - hiHi, since 2^96 ≡ -1.
        let hiHi = hi >> 32, hiLo = hi & epsilon
        var (t0, borrow) = lo.subtractingReportingOverflow(hiHi)
        if borrow { t0 &-= epsilon }
        let t1 = hiLo &* epsilon
        let (r, carry) = t0.addingReportingOverflow(t1)
        let s = carry ? r &+ epsilon : r
        return s >= p ? s &- p : s
    }

    /// The residue in [0, p) (values are already canonical; kept for the join's clarity).
    @inline(__always) static func canonical(_ a: UInt64) -> UInt64 { a >= p ? a &- p : a }

    static func power(_ base: UInt64, _ e: UInt64) -> UInt64 {
        var result: UInt64 = 1, b = base, k = e
        while k > 0 {
            if k & 1 == 1 { result = mul(result, b) }
            b = mul(b, b)
            k >>= 1
        }
        return result
    }

    /// The piece size and transform length for a product of `limbs` limbs, or nil when it is
    /// too long for one transform. Pieces are as large as keeps n/2 * 2^(2b) <= 2^63 < p, so
    /// every coefficient of the product is exact.
    static func plan(_ limbs: Int) -> (bits: Int, log: Int)? {
        let totalBits = limbs * 64
        var bits = 24
        while true {
            let pieces = (totalBits + bits - 1) / bits
            var log = 1
            while (1 << log) < pieces { log += 1 }
            if log + 2 * bits <= 64 { return log <= maxLog ? (bits, log) : nil }
            if bits == 16 { return nil }
            bits -= 1
        }
    }

    /// a * b, or nil when the product is too long for one transform (the caller then splits).
    static func multiply(_ a: [UInt64], _ b: [UInt64], square: Bool) -> [UInt64]? {
        if !square { return Prepared(b, maxOther: a.count)?.times(a) }
        guard let (bits, log) = plan(2 * a.count) else { return nil }
        let n = 1 << log
        let forward = twiddles(n)
        var fa = pieces(a, bits, n)
        transform(&fa, forward)
        let scale = power(UInt64(n), p - 2)
        fa.withUnsafeMutableBufferPointer { x in
            for i in 0..<n { x[i] = mul(mul(x[i], x[i]), scale) }
        }
        inverseTransform(&fa, inverted(forward))
        return join(fa, bits, count: 2 * a.count)
    }

    /// One operand transformed once, for multiplying by many others of at most `maxOther` limbs
    /// (a divisor, a reciprocal or a power of the radix, reused across a level of radix
    /// conversion): each product then costs two transforms instead of three.
    struct Prepared {
        let count: Int
        let maxOther: Int
        private let bits: Int
        private let forward: [UInt64]
        private let inverse: [UInt64]
        /// The transform of the operand's pieces, times n^-1.
        private let spectrum: [UInt64]

        init?(_ x: [UInt64], maxOther: Int) {
            guard let (bits, log) = NTT.plan(x.count + maxOther) else { return nil }
            let n = 1 << log
            count = x.count
            self.maxOther = maxOther
            self.bits = bits
            forward = NTT.twiddles(n)
            inverse = NTT.inverted(forward)
            var f = NTT.pieces(x, bits, n)
            NTT.transform(&f, forward)
            let scale = NTT.power(UInt64(n), NTT.p - 2)
            f.withUnsafeMutableBufferPointer { f in
                for i in 0..<n { f[i] = NTT.mul(f[i], scale) }
            }
            spectrum = f
        }

        /// The operand times y, or nil when y is longer than `maxOther`.
        func times(_ y: [UInt64]) -> [UInt64]? {
            guard y.count <= maxOther else { return nil }
            let n = spectrum.count
            var f = NTT.pieces(y, bits, n)
            NTT.transform(&f, forward)
            f.withUnsafeMutableBufferPointer { f in
                spectrum.withUnsafeBufferPointer { s in
                    for i in 0..<n { f[i] = NTT.mul(f[i], s[i]) }
                }
            }
            NTT.inverseTransform(&f, inverse)
            return NTT.join(f, bits, count: count + y.count)
        }
    }

    /// The b-bit pieces of a magnitude, least significant first, zero-padded to n.
    static func pieces(_ a: [UInt64], _ bits: Int, _ n: Int) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: n)
        let mask = (UInt64(1) << UInt64(bits)) - 1
        out.withUnsafeMutableBufferPointer { o in
            var buffer: UInt64 = 0, held = 0, k = 0
            for limb in a {
                // Take `bits` at a time from the buffer topped up with the next limb.
                var rest = limb, restBits = 64
                while held + restBits >= bits {
                    let need = bits - held
                    let part = need == 64 ? rest : rest & ((UInt64(1) << UInt64(need)) - 1)
                    o[k] = (buffer | (part << UInt64(held))) & mask
                    k += 1
                    rest = need == 64 ? 0 : rest >> UInt64(need)
                    restBits -= need
                    buffer = 0
                    held = 0
                }
                buffer |= rest << UInt64(held)
                held += restBits
            }
            if held > 0 { o[k] = buffer & mask }
        }
        return out
    }

    /// The product's limbs from its coefficients (each < 2^63) at b-bit spacing, with carries.
    static func join(_ c: [UInt64], _ bits: Int, count: Int) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: count)
        let mask = (UInt64(1) << UInt64(bits)) - 1
        out.withUnsafeMutableBufferPointer { o in
            c.withUnsafeBufferPointer { c in
                var carry: UInt64 = 0
                var word: UInt64 = 0, filled = 0, limb = 0
                var k = 0
                while limb < count {
                    // carry < 2^(64 - bits), so carry + c[k] < 2^64.
                    let acc = carry &+ (k < c.count ? canonical(c[k]) : 0)
                    k += 1
                    var piece = acc & mask
                    carry = acc >> UInt64(bits)
                    var pieceBits = bits
                    while pieceBits > 0 && limb < count {
                        let room = 64 - filled
                        word |= piece << UInt64(filled)
                        if pieceBits >= room {
                            o[limb] = word
                            limb += 1
                            piece = room == 64 ? 0 : piece >> UInt64(room)
                            pieceBits -= room
                            word = 0
                            filled = 0
                        } else {
                            filled += pieceBits
                            pieceBits = 0
                        }
                    }
                }
            }
        }
        BigNum.trim(&out)
        return out
    }

    /// Twiddle factors: entry h + j is w_(2h)^j for h = 1, 2, 4, ..., n/2 and j < h. Only the top
    /// level is computed by multiplication; w_(2h)^j = w_(4h)^(2j) gives the others.
    static func twiddles(_ n: Int) -> [UInt64] {
        var w = [UInt64](repeating: 0, count: n)
        guard n >= 2 else { return w }
        w.withUnsafeMutableBufferPointer { w in
            let half = n / 2
            let root = power(generator, (p - 1) / UInt64(n))
            var x: UInt64 = 1
            for j in 0..<half {
                w[half + j] = canonical(x)   // canonical, so that p - w below is -w
                x = mul(x, root)
            }
            var h = half / 2
            while h >= 1 {
                for j in 0..<h { w[h + j] = w[2 * h + 2 * j] }
                h /= 2
            }
        }
        return w
    }

    /// The inverse twiddles: w^-j = w^(2h-j) = -w^(h-j).
    static func inverted(_ w: [UInt64]) -> [UInt64] {
        var t = w
        var h = 1
        while h < w.count {
            for j in 1..<h { t[h + j] = p &- w[h + h - j] }
            h *= 2
        }
        return t
    }

    /// Decimation in frequency: natural order in, bit-reversed order out.
    static func transform(_ data: inout [UInt64], _ w: [UInt64]) {
        let n = data.count
        data.withUnsafeMutableBufferPointer { a in
            w.withUnsafeBufferPointer { w in forwardBlock(a.baseAddress!, n, w.baseAddress!) }
        }
    }

    /// One stage over the block, then each half on its own (depth first, so the small stages run
    /// on blocks already in the cache).
    private static func forwardBlock(_ a: UnsafeMutablePointer<UInt64>, _ n: Int, _ w: UnsafePointer<UInt64>) {
        if n <= blockSize {
            var h = n / 2
            while h >= 1 {
                forwardStage(a, n, h, w)
                h /= 2
            }
            return
        }
        forwardStage(a, n, n / 2, w)
        forwardBlock(a, n / 2, w)
        forwardBlock(a + n / 2, n / 2, w)
    }

    @inline(__always)
    private static func forwardStage(_ a: UnsafeMutablePointer<UInt64>, _ n: Int, _ h: Int, _ w: UnsafePointer<UInt64>) {
        var start = 0
        while start < n {
            let x = a + start, y = a + start + h
            for j in 0..<h {
                let u = x[j], v = y[j]
                x[j] = add(u, v)
                y[j] = mul(sub(u, v), w[h + j])
            }
            start += 2 * h
        }
    }

    /// Decimation in time: bit-reversed order in, natural order out.
    static func inverseTransform(_ data: inout [UInt64], _ w: [UInt64]) {
        let n = data.count
        data.withUnsafeMutableBufferPointer { a in
            w.withUnsafeBufferPointer { w in inverseBlock(a.baseAddress!, n, w.baseAddress!) }
        }
    }

    /// Each half on its own, then the stage that joins them.
    private static func inverseBlock(_ a: UnsafeMutablePointer<UInt64>, _ n: Int, _ w: UnsafePointer<UInt64>) {
        if n <= blockSize {
            var h = 1
            while h < n {
                inverseStage(a, n, h, w)
                h *= 2
            }
            return
        }
        inverseBlock(a, n / 2, w)
        inverseBlock(a + n / 2, n / 2, w)
        inverseStage(a, n, n / 2, w)
    }

    @inline(__always)
    private static func inverseStage(_ a: UnsafeMutablePointer<UInt64>, _ n: Int, _ h: Int, _ w: UnsafePointer<UInt64>) {
        var start = 0
        while start < n {
            let x = a + start, y = a + start + h
            for j in 0..<h {
                let u = x[j], v = mul(y[j], w[h + j])
                x[j] = add(u, v)
                y[j] = sub(u, v)
            }
            start += 2 * h
        }
    }
}
