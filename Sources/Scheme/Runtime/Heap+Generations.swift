/// Minor and full collections (issue 17: a collection that does not rescan old data every time).
///
/// Generations: a pair or object is *young* from its allocation to the next collection that reaches
/// it, *old* after. A **full** collection marks everything reachable from the roots with a new
/// epoch and frees the rest, as the collector always did. A **minor** collection keeps the epoch:
/// - old pairs stay in use without being followed (their mark already is the epoch), so a minor
///   collection costs nothing per old pair, however many there are: the long-lived lists and trees
///   of a program are not marked again until the next full collection;
/// - objects (Swift objects) are all marked with a new `objectEpoch`, as far as they are reachable
///   without going through an old pair, and the old ones (`objects[0..<oldObjectCount]`, which an
///   old pair not followed may hold) are roots: a vector's elements, a closure's captured values
///   are followed, but the old pairs among them end the walk. Why objects are not generational
///   too: every mutation of a vector, record, box, hash table or environment would need a write
///   barrier, where pairs have one place that stores into them (`Pair.car`/`cdr`);
/// - the remembered set: an old pair stored into (`set-car!`, `set-cdr!`, any Swift code through
///   `Pair`'s setters) since the last collection may refer to young data that nothing else keeps;
///   the write barrier records it, and a minor collection follows its fields;
/// - young pairs and objects reached are promoted (marked with the epoch; pairs get `oldFlag`), the
///   others are freed: young pair cells by moving `youngMark` on, young objects by a sweep of the
///   end of `objects` only; weak symbols made since the last collection likewise.
/// What a minor collection leaves: garbage among the old (freed by the next full collection).
///
/// When: a collection is due after `threshold` bytes of allocation (at least 8 MB, and at least the
/// live bytes of old objects, which a minor collection follows). It is full when the old data has
/// grown by more than it held after the last full collection (at least 4 MB), and when it is asked
/// for (`collect-garbage`, the embedding API); in stress mode every fourth one is full. Under a heap
/// limit a minor collection that counts more than the limit is followed by a full one before the
/// limit is judged.
extension Heap {
    /// Which kind of collection.
    enum CollectionKind {
        /// Everything reachable is marked, everything else freed.
        case full
        /// Only young data is marked and freed (see above).
        case minor
    }

    /// The kind of collection a safe point that finds one due should run.
    var dueCollectionKind: CollectionKind {
        if stressInterval > 0 { return collections % 4 == 3 ? .full : .minor }
        return liveBytes &- liveBytesAfterFull > max(4 << 20, liveBytesAfterFull) ? .full : .minor
    }

    /// Runs a collection of `kind` (full when not told): marks from `roots` and the protected
    /// objects, then frees what it did not reach (see above for what a minor one reaches).
    public func collect(_ kind: CollectionKind = .full, roots: (inout Marker) -> Void) {
        // A minor collection and the full one that may follow it take four marks at most.
        if lastMark >= UInt32.max - 8 { renumberMarks() }
        switch kind {
        case .full: collectFull(roots: roots)
        case .minor:
            collectMinor(roots: roots)
            // The estimate counts the old garbage: judge a limit on what is really live.
            if let limit, liveBytes > limit { collectFull(roots: roots) }
        }
    }

    private func collectFull(roots: (inout Marker) -> Void) {
        let previousEpoch = epoch, previousYoung = youngMark
        epoch = nextMark()
        objectEpoch = epoch
        var marker = Marker(epoch: epoch, objectEpoch: objectEpoch, stamp: nextStamp())
        roots(&marker)
        for i in 0..<protectedCount { marker.markObject(objects[i]) }
        markProtectedPairs(from: 0, inUse: previousEpoch, previousYoung, &marker)
        marker.drain()
        finish(marker, full: true, sweepingFrom: protectedCount, symbolsFrom: symbolWatermark, pairs: marker.pairs)
        liveBytesAfterFull = liveBytes
        fullCollections += 1
        returnEmptyPairBlocks()
    }

    private func collectMinor(roots: (inout Marker) -> Void) {
        let young = youngMark
        objectEpoch = nextMark()
        var marker = Marker(epoch: epoch, objectEpoch: objectEpoch, stamp: nextStamp())
        roots(&marker)
        // Old objects are roots (an old pair not followed may hold them), and so are protected ones.
        let old = max(oldObjectCount, protectedCount)
        for i in 0..<old { marker.markObject(objects[i]) }
        for p in rememberedPairs { marker.traceFields(p) }
        markProtectedPairs(from: youngPairStart, inUse: young, young, &marker)
        marker.drain()
        finish(marker, full: false, sweepingFrom: old, symbolsFrom: max(symbolWatermark, oldWeakSymbolCount),
               pairs: pairsInUse &+ marker.pairs)
    }

    /// What both kinds do after marking: free the young pairs not reached (and, after a full
    /// collection, the old ones), sweep objects and weak symbols from the given positions, forget
    /// the remembered set, and set the next threshold.
    private func finish(_ marker: Marker, full: Bool, sweepingFrom first: Int, symbolsFrom firstSymbol: Int, pairs: Int) {
        youngMark = nextMark()
        lastCollectionCost = marker.visits
        let live = sweep(from: first)
        sweepSymbols(from: firstSymbol)
        oldObjectCount = objects.count
        oldWeakSymbolCount = weakSymbols.count
        for p in rememberedPairs { p.flags &= ~Pair.rememberedFlag }
        rememberedPairs.removeAll(keepingCapacity: true)
        pairsInUse = pairs
        rewindPairCursor(full: full)
        objectBytes = live
        liveBytes = live &+ pairsInUse &* Heap.pairBytes &+ symbolBytes
        allocatedSinceCollection = 0
        setThreshold()
        collections += 1
    }

    /// Drops every object at or past `first` that this collection did not mark; returns the live
    /// bytes of all objects.
    /// Compacts in place, in order: the prefix before `first` (the protected objects, and in a minor
    /// collection the old ones) stays as it is, so `protectedCount` of every enclosing run still counts
    /// the same objects, and the survivors keep their order. (Swapping in place moves references
    /// without retaining them; copying the survivors to a new array retained and released each one at
    /// every collection.)
    private func sweep(from first: Int) -> Int {
        var live = 0
        var kept = first
        objects.withUnsafeMutableBufferPointer { objects in
            for i in 0..<first { live &+= objects[i].byteSize }
            for i in first..<objects.count where objects[i].markEpoch == objectEpoch {
                live &+= objects[i].byteSize
                if i != kept { objects.swapAt(i, kept) }
                kept += 1
            }
        }
        objects.removeSubrange(kept...)  // releases every unreached object
        return live
    }

    /// Allocated bytes before the next collection: as many as old objects hold (a minor collection
    /// follows their fields), at least `minimumThreshold`; under a limit no more than the room left
    /// below it (at least a sixteenth of the limit, so a heap close to its limit is not collected
    /// at every safe point).
    func setThreshold() {
        let grown = max(minimumThreshold, objectBytes)
        regularThreshold = limit.map { min(grown, max($0 - liveBytes, $0 / 16)) } ?? grown
        threshold = stressInterval > 0 ? 0 : regularThreshold
    }

    /// Puts `pair`, an old pair just stored into, in the remembered set (once until the next collection).
    func remember(_ pair: Pair) {
        pair.flags |= Pair.rememberedFlag
        rememberedPairs.append(pair)
    }

    /// A mark no cell or object carries yet.
    private func nextMark() -> UInt32 {
        lastMark &+= 1
        return lastMark
    }

    /// A stamp unlike the last collection's (see `Marker.stamp`).
    private func nextStamp() -> UInt32 {
        collectionStamp = collectionStamp == UInt32.max ? 1 : collectionStamp &+ 1
        return collectionStamp
    }

    /// The marks are about to wrap round (after about 2^32 collections): pairs in use get mark 1
    /// (old) or 2 (young), free cells 0, and objects 0 (each collection marks them anew), so no
    /// stale mark can equal one to come.
    func renumberMarks() {
        let oldEpoch = epoch, oldYoung = youngMark
        // (Objects' marks matter only within a collection: each one has a new `objectEpoch`.)
        for block in pairBlocks {
            var c = block + Heap.pairBlockHeader
            for _ in 0..<Heap.pairCellsPerBlock {
                let m = c.load(fromByteOffset: Pair.markOffset, as: UInt32.self)
                let renumbered: UInt32 = m == oldEpoch ? 1 : m == oldYoung ? 2 : 0
                c.storeBytes(of: renumbered, toByteOffset: Pair.markOffset, as: UInt32.self)
                c += Pair.cellBytes
            }
        }
        for o in objects { o.markEpoch = 0 }
        for s in symbols.symbols { s.markEpoch = 0 }
        epoch = 1
        objectEpoch = 1
        youngMark = 2
        lastMark = 2
    }
}
