// The allocating part of the block heap, kept behind a pointer.

/// The block heap's memory: the block pool, the spaces (pairs, flonums, one per object size
/// class), the large objects, and the bytes allocated since the last collection.
///
/// Why a struct behind an `UnsafeMutablePointer` rather than stored properties of `BlockHeap`:
/// every access to a class's stored property for modification is checked dynamically for
/// exclusivity (`swift_beginAccess`), which measured 50 ns per `cons` instead of a few; through a
/// pointer to a struct, the allocation path is a compare and a bump.
struct HeapSpaces {
    var pool = BlockPool()
    var pairs = BlockSpace(kind: .pair, cellSize: 16)
    var flonums = BlockSpace(kind: .flonum, cellSize: 8)
    var objects: [BlockSpace] = SizeClasses.sizes.enumerated().map {
        BlockSpace(kind: .object, cellSize: $0.element, sizeClass: $0.offset)
    }
    var large = LargeObjectSpace()
    /// Bytes allocated since the last collection.
    var allocatedSinceCollection = 0

    /// A pair cell, or nil when the system has no memory left.
    @inline(__always) mutating func allocatePair() -> UnsafeMutableRawPointer? {
        allocatedSinceCollection &+= 16
        return pairs.allocate(&pool)
    }

    /// A flonum cell, or nil when the system has no memory left.
    @inline(__always) mutating func allocateFlonum() -> UnsafeMutableRawPointer? {
        allocatedSinceCollection &+= 8
        return flonums.allocate(&pool)
    }

    /// Memory for an object of `bytes` (a multiple of 16): a size-class cell up to 8 KB, a run of
    /// its own above.
    mutating func allocateObject(bytes: Int) -> UnsafeMutableRawPointer? {
        let p = bytes <= Block.maxSmallObject
            ? objects[SizeClasses.index(forBytes: bytes)].allocate(&pool)
            : large.allocate(objectBytes: bytes, &pool)
        if p != nil { allocatedSinceCollection &+= bytes }
        return p
    }

    /// Calls `body` with every pair, flonum and object block.
    func forEachSmallBlock(_ body: (Block) -> Void) {
        for b in pairs.blocks { body(b) }
        for b in flonums.blocks { body(b) }
        for s in objects { for b in s.blocks { body(b) } }
    }

    /// After a collection: frees the dead large objects, then lets every space find its new holes
    /// (a major collection also returns empty blocks to the pool).
    mutating func sweep(major: Bool) {
        large.sweep(major: major, &pool)
        if major {
            for i in objects.indices { _ = objects[i].rebuildAfterMajor(&pool) }
            _ = pairs.rebuildAfterMajor(&pool)
            _ = flonums.rebuildAfterMajor(&pool)
        } else {
            for i in objects.indices { objects[i].rewindAfterMinor() }
            pairs.rewindAfterMinor()
            flonums.rewindAfterMinor()
        }
        allocatedSinceCollection = 0
    }
}
