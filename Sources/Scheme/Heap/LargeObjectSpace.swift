// Objects over 8 KB: each alone in a run of blocks.

/// The large objects of a block heap: each in its own run of 256 KB-aligned blocks, whose first
/// block header holds its mark bit and a card table covering the whole run.
///
/// Why alone: a long vector or string would waste up to half a size-class cell, and a run of its
/// own returns its pages to the system as soon as it dies. Why cards over the whole run: a store
/// into a 1M-slot vector then makes a minor collection rescan 64 slots, not a million.
struct LargeObjectSpace {
    /// Every large object's block.
    private(set) var blocks: [Block] = []
    /// Those allocated since the last collection (young until a collection marks them).
    private var young: [Block] = []
    /// Bytes of all runs held.
    private(set) var bytes = 0

    /// A run for an object of `objectBytes`; returns the object's address, or nil when the size is
    /// absurd or the system has no memory left.
    mutating func allocate(objectBytes: Int, _ pool: inout BlockPool) -> UnsafeMutableRawPointer? {
        guard objectBytes > 0, objectBytes <= 1 << 46 else { return nil }
        // The run must hold the header, the cards (1/512 of the run) and the object.
        var run = (objectBytes + Block.cardsOffset + Block.size - 1) & ~(Block.size - 1)
        while Block.largeObjectOffset(bytes: run) + objectBytes > run { run += Block.size }
        guard let (base, real) = pool.takeRun(run) else { return nil }
        let b = Block(base: base)
        b.formatLarge(bytes: real)
        blocks.append(b)
        young.append(b)
        bytes += real
        return base + b.firstCell
    }

    /// Frees the unmarked objects: after a minor collection only young ones can be (old ones stay
    /// marked until a major collection clears the marks). Returns the bytes still held.
    @discardableResult
    mutating func sweep(major: Bool, _ pool: inout BlockPool) -> (freed: Int, kept: Int) {
        var freed = 0
        if major {
            var kept: [Block] = []
            for b in blocks {
                if b.largeMark { kept.append(b) } else { freed += b.bytes; pool.giveRun(b.base, bytes: b.bytes) }
            }
            blocks = kept
        } else {
            var dead = Set<UnsafeMutableRawPointer>()
            for b in young where !b.largeMark {
                dead.insert(b.base)
                freed += b.bytes
                pool.giveRun(b.base, bytes: b.bytes)
            }
            if !dead.isEmpty { blocks.removeAll { dead.contains($0.base) } }
        }
        young = []
        bytes -= freed
        return (freed, bytes)
    }

    /// Clears every large object's mark (the start of a major collection).
    func clearMarks() { for b in blocks { b.largeMark = false } }

    /// Marked bytes (after a collection: the live large objects).
    var markedBytes: Int { blocks.reduce(0) { $0 + ($1.largeMark ? $1.bytes : 0) } }
}
