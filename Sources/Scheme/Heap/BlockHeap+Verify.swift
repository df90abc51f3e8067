// A debug check of the block heap's invariant, for tests and stress runs.

extension BlockHeap {
    /// Checks the invariant every collection must leave: no marked (live or old) object holds a
    /// pointer to an unmarked (free or young) one, weak vectors excepted, and every root is marked.
    /// Returns the number of violations. Run right after a collection; between collections young
    /// objects are legitimately unmarked.
    ///
    /// Why it exists: a store into an old object that skipped the write barrier leaves exactly this
    /// kind of pointer behind a minor collection (the young object's cell is then reused), which
    /// would otherwise show up only as corruption much later.
    func verify() -> Int {
        var bad = 0
        func check(_ w: Word) { if w.isPointer && !HeapMarker.isMarked(w) { bad += 1 } }
        for r in roots { check(r) }
        for b in pairs.blocks {
            for i in 0..<b.cellCount where b.isCellMarked(i) {
                let p = b.cell(i)
                check(Word(bits: p.load(as: UInt64.self)))
                check(Word(bits: p.load(fromByteOffset: 8, as: UInt64.self)))
            }
        }
        func checkObject(_ a: UnsafeMutableRawPointer) {
            for s in HeapMarker.scannedSlots(of: a) {
                check(Word(bits: a.load(fromByteOffset: 8 + 8 * s, as: UInt64.self)))
            }
        }
        for space in spaces.pointee.objects {
            for b in space.blocks {
                for i in 0..<b.cellCount where b.isCellMarked(i) { checkObject(b.cell(i)) }
            }
        }
        for b in large.blocks where b.largeMark { checkObject(b.base + b.firstCell) }
        return bad
    }
}
