/// A set of pairs of object addresses, for `Equality.equal`'s cycle check: open addressing with
/// linear probing and a multiplicative hash, grown at half full. It is an insertion per node of a
/// large comparison, so it avoids what a `Set<Key>` costs there (SipHash over 16 bytes, a retained
/// storage buffer per mutation); no address is 0, so 0 marks a free slot.
struct PairSet {
    private var keys: [UInt] = []
    private var count = 0
    private var mask = 0

    /// Adds (`a`, `b`); false if it was already there.
    mutating func insert(_ a: UnsafeMutableRawPointer, _ b: UnsafeMutableRawPointer) -> Bool {
        if count * 2 >= mask { grow() }
        let x = UInt(bitPattern: a), y = UInt(bitPattern: b)
        return keys.withUnsafeMutableBufferPointer { k in
            var i = PairSet.slot(x, y, mask)
            while k[2 * i] != 0 {
                if k[2 * i] == x && k[2 * i + 1] == y { return false }
                i = (i + 1) & mask
            }
            k[2 * i] = x
            k[2 * i + 1] = y
            count += 1
            return true
        }
    }

    @inline(__always) private static func slot(_ x: UInt, _ y: UInt, _ mask: Int) -> Int {
        let h = (x &* 0x9E37_79B9_7F4A_7C15) ^ (y &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: h >> 32) & mask
    }

    private mutating func grow() {
        let old = keys
        let capacity = max(256, (mask + 1) * 2)
        keys = Array(repeating: 0, count: 2 * capacity)
        mask = capacity - 1
        count = 0
        for i in stride(from: 0, to: old.count, by: 2) where old[i] != 0 {
            let x = old[i], y = old[i + 1]
            var j = PairSet.slot(x, y, mask)
            while keys[2 * j] != 0 { j = (j + 1) & mask }
            keys[2 * j] = x
            keys[2 * j + 1] = y
            count += 1
        }
    }
}
