/// Conversion between magnitudes and digit strings in radix 2...36.
///
/// Powers of two are linear (bits map to digits). Other radixes are divide and conquer over the
/// powers chunk^(2^i), where a chunk is the largest power of the radix in a limb: reading joins
/// halves as high * power + low, writing splits by dividing by the power (with its reciprocal
/// computed once per level). With the transform multiplication both take O(M(n) log n) instead
/// of the quadratic digit-at-a-time loops, so a million digits convert in a fraction of a second.
extension BigNum {
    /// Below this many limbs the quadratic loops are faster than divide and conquer.
    static let radixConversionThreshold = 60

    /// Digits in `radix` (2...36), lowercase, with a leading "-" when negative.
    func toString(radix: Int) -> String {
        if isZero { return "0" }
        var out: [UInt8] = []
        out.reserveCapacity(limbs.count * 64 / max(1, radix.trailingZeroBitCount) + 2)
        if negative { out.append(UInt8(ascii: "-")) }
        if radix & (radix - 1) == 0 {
            BigNum.writePowerOfTwo(limbs, bits: radix.trailingZeroBitCount, into: &out)
        } else {
            let chunk = BigNum.Chunk(radix)
            if limbs.count < BigNum.radixConversionThreshold {
                BigNum.writeSmall(limbs, chunk, pad: 0, into: &out)
            } else {
                var powers = [BigNum(trimmed: [chunk.value])]
                var reciprocals: [Reciprocal] = []
                while powers[powers.count - 1].limbs.count * 2 <= limbs.count + 1 {
                    let last = powers[powers.count - 1]
                    powers.append(last.squared())
                }
                for p in powers { reciprocals.append(Reciprocal(p, quotientBits: p.bitWidth + 1)) }
                BigNum.writeDivided(magnitude, level: powers.count - 1, reciprocals, chunk, pad: 0, into: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The largest power of a radix that fits in a limb, and how many digits it holds.
    struct Chunk {
        let radix: Int
        let digits: Int
        let value: UInt64

        init(_ radix: Int) {
            self.radix = radix
            var d = 1
            var v = UInt64(radix)
            while true {
                let (next, overflow) = v.multipliedReportingOverflow(by: UInt64(radix))
                if overflow { break }
                v = next
                d += 1
            }
            digits = d
            value = v
        }
    }

    private static let digitCharacters = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// Radix 2^bits: each digit is `bits` consecutive bits, most significant first.
    private static func writePowerOfTwo(_ limbs: [UInt64], bits: Int, into out: inout [UInt8]) {
        let total = limbs.count * 64 - (limbs.last ?? 0).leadingZeroBitCount
        var position = ((total + bits - 1) / bits - 1) * bits
        let mask = UInt64((1 << bits) - 1)
        while position >= 0 {
            let word = position / 64, offset = position % 64
            var d = limbs[word] >> UInt64(offset)
            if offset + bits > 64, word + 1 < limbs.count { d |= limbs[word + 1] << UInt64(64 - offset) }
            out.append(digitCharacters[Int(d & mask)])
            position -= bits
        }
    }

    /// A short magnitude's digits, left-padded with zeros to `pad` digits.
    private static func writeSmall(_ limbs: [UInt64], _ chunk: Chunk, pad: Int, into out: inout [UInt8]) {
        var mag = limbs
        var pieces: [UInt64] = []
        while !mag.isEmpty { pieces.append(divideSmall(&mag, chunk.value)) }
        var text: [UInt8] = []
        text.reserveCapacity(pieces.count * chunk.digits)
        for (i, piece) in pieces.reversed().enumerated() {
            var digits = [UInt8](repeating: 48, count: chunk.digits)
            var v = piece, k = chunk.digits - 1
            while v > 0 {
                digits[k] = digitCharacters[Int(v % UInt64(chunk.radix))]
                v /= UInt64(chunk.radix)
                k -= 1
            }
            // The most significant piece without its leading zeros.
            if i == 0, let first = digits.firstIndex(where: { $0 != 48 }) { text += digits[first...] } else { text += digits }
        }
        if text.count < pad { out += [UInt8](repeating: 48, count: pad - text.count) }
        out += text
    }

    /// Divide and conquer: x < powers[level]^2 is written as x / power then x % power (padded).
    private static func writeDivided(_ x: BigNum, level: Int, _ reciprocals: [Reciprocal], _ chunk: Chunk,
                                     pad: Int, into out: inout [UInt8]) {
        if level < 0 || x.limbs.count < radixConversionThreshold {
            if x.isZero {
                out += [UInt8](repeating: 48, count: pad)
            } else {
                writeSmall(x.limbs, chunk, pad: pad, into: &out)
            }
            return
        }
        let reciprocal = reciprocals[level]
        if compareMagnitudes(x.limbs, reciprocal.divisor.limbs) < 0 {
            writeDivided(x, level: level - 1, reciprocals, chunk, pad: pad, into: &out)
            return
        }
        let lowDigits = chunk.digits << level
        let (q, r) = reciprocal.divide(x)
        writeDivided(q, level: level - 1, reciprocals, chunk, pad: max(0, pad - lowDigits), into: &out)
        writeDivided(r, level: level - 1, reciprocals, chunk, pad: lowDigits, into: &out)
    }

    /// The value of a run of digit values (each < radix), most significant first.
    static func fromDigits(_ digits: [UInt8], radix: Int, negative: Bool) -> BigNum {
        digits.withUnsafeBufferPointer { fromDigits($0, radix: radix, negative: negative) }
    }

    static func fromDigits(_ digits: UnsafeBufferPointer<UInt8>, radix: Int, negative: Bool) -> BigNum {
        if radix & (radix - 1) == 0 {
            return BigNum(negative: negative, limbs: readPowerOfTwo(digits, bits: radix.trailingZeroBitCount))
        }
        // Chunk values, least significant first; the top chunk may hold fewer digits.
        let chunk = Chunk(radix)
        var values: [UInt64] = []
        values.reserveCapacity(digits.count / chunk.digits + 1)
        var end = digits.count
        while end > 0 {
            let start = max(0, end - chunk.digits)
            var v: UInt64 = 0
            for k in start..<end { v = v &* UInt64(radix) &+ UInt64(digits[k]) }
            values.append(v)
            end = start
        }
        var powers = [BigNum(trimmed: [chunk.value])]
        while (1 << powers.count) < values.count { powers.append(powers[powers.count - 1].squared()) }
        // Each level multiplies by its power many times: prepared once per level.
        let factors = powers.map { BigNum.Multiplier($0, maxOther: $0.limbs.count + 1) }
        let m = values.withUnsafeBufferPointer { joinChunks($0, chunk.value, factors) }
        return BigNum(trimmed: m.limbs, negative: negative)
    }

    /// The value of chunks (least significant first) in base chunk: the high part times
    /// chunk^(2^j) plus the low 2^j chunks, for the largest 2^j below the count.
    private static func joinChunks(_ values: UnsafeBufferPointer<UInt64>, _ base: UInt64, _ powers: [Multiplier]) -> BigNum {
        if values.count <= 2 * radixConversionThreshold {
            var mag: [UInt64] = []
            for v in values.reversed() { multiplyAddSmall(&mag, base, v) }
            trim(&mag)
            return BigNum(trimmed: mag)
        }
        var j = 0
        while (2 << j) < values.count { j += 1 }
        let split = 1 << j
        let low = joinChunks(UnsafeBufferPointer(rebasing: values[0..<split]), base, powers)
        let high = joinChunks(UnsafeBufferPointer(rebasing: values[split...]), base, powers)
        return powers[j].times(high) + low
    }

    /// Radix 2^bits digits packed into limbs.
    private static func readPowerOfTwo(_ digits: UnsafeBufferPointer<UInt8>, bits: Int) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: (digits.count * bits + 63) / 64)
        var position = 0
        var k = digits.count - 1
        while k >= 0 {
            let d = UInt64(digits[k])
            let word = position / 64, offset = position % 64
            out[word] |= d << UInt64(offset)
            if offset + bits > 64 { out[word + 1] |= d >> UInt64(64 - offset) }
            position += bits
            k -= 1
        }
        trim(&out)
        return out
    }
}
