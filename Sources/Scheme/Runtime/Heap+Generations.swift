/// Minor and full collections (issue 17: a collection that does not rescan old data every time).
///
/// Generations: a pair or object is *young* from its allocation to the next collection that reaches
/// it, *old* after. A **full** collection marks everything reachable from the roots with a new
/// epoch and frees the rest, as the collector always did. A **minor** collection keeps the epoch
/// and follows only young data:
/// - old pairs stay in use without being followed (their mark already is the epoch), so a minor
///   collection costs nothing per old pair, however many there are;
/// - old objects with a write barrier (`HeapObject.hasWriteBarrier`: vectors, records, closures,
///   code, strings, boxes, hash tables, promises, parameters, continuations, numbers) carry
///   `HeapObject.old` and end the walk like old pairs; objects are marked with a fresh `objectEpoch`
///   as far as they are reachable without going through old data;
/// - old objects without one (`oldRoots`: globals, environments) are roots, followed every time;
/// - the remembered sets: an old pair or barriered object stored into (`Pair`'s setters,
///   `Heap.written`) since the last collection may refer to young data that nothing else keeps;
///   the write barrier records it, and a minor collection follows its fields;
/// - young pairs and objects reached are promoted (marked with the epoch; pairs get `oldFlag`,
///   objects `old` or `oldRoot`), the others are freed: young pair cells by moving `youngMark` on,
///   young objects by a sweep of the end of `objects` only; weak symbols made since the last
///   collection likewise.
/// The invariant a minor collection relies on: **an old pair or old barriered object refers to
/// young data only if it is in a remembered set.** An object is born young and what it refers to
/// when it is promoted is promoted with it (marked in the same collection), so only a later store
/// can break it, and every such store passes the barrier. Stress mode checks it
/// (`checkGenerations`).
/// What a minor collection leaves: garbage among the old (freed by the next full collection).
///
/// When: a collection is due after `threshold` bytes of allocation (at least 8 MB, and at least the
/// bytes of the old roots, which a minor collection follows). It is full when the old data has
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
        var marker = Marker(epoch: epoch, objectEpoch: objectEpoch, stamp: nextStamp(), minor: false)
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
        let marker = markMinor(roots: roots)
        var checked = 0
        if stressInterval > 0 {
            let check = checkGenerations(marker)
            if check.missed > 0 {
                fatalError("heap: \(check.missed) references from old objects to young data a minor collection did not reach (a missed write barrier)")
            }
            checked = check.visits
        }
        finish(marker, full: false, sweepingFrom: max(oldObjectCount, protectedCount),
               symbolsFrom: max(symbolWatermark, oldWeakSymbolCount), pairs: pairsInUse &+ marker.pairs)
        lastCollectionCost &+= checked
    }

    /// A minor collection's marking (see above); `collectMinor` then frees what it did not reach.
    func markMinor(roots: (inout Marker) -> Void) -> Marker {
        let young = youngMark
        objectEpoch = nextMark()
        var marker = Marker(epoch: epoch, objectEpoch: objectEpoch, stamp: nextStamp(), minor: true)
        roots(&marker)
        // Old objects without a barrier are roots, so are young protected ones, and the remembered
        // old data's fields (see the invariant above).
        for o in oldRoots { marker.markObject(o) }
        let old = max(oldObjectCount, protectedCount)
        for i in oldObjectCount..<old { marker.markObject(objects[i]) }
        for o in rememberedObjects { marker.traceFields(o) }
        for p in rememberedPairs { marker.traceFields(p) }
        markProtectedPairs(from: youngPairStart, inUse: young, young, &marker)
        marker.drain()
        return marker
    }

    /// What both kinds do after marking: free the young pairs not reached (and, after a full
    /// collection, the old ones), sweep objects and weak symbols from the given positions, forget
    /// the remembered set, and set the next threshold.
    private func finish(_ marker: Marker, full: Bool, sweepingFrom first: Int, symbolsFrom firstSymbol: Int, pairs: Int) {
        youngMark = nextMark()
        lastCollectionCost = marker.visits
        // (Before the sweep: a remembered object may die in a full collection.)
        for o in rememberedObjects { o._withUnsafeGuaranteedRef { $0.generation &= ~HeapObject.remembered } }
        rememberedObjects.removeAll(keepingCapacity: true)
        // Bytes of the objects kept: those before `first` (the protected ones; in a minor collection
        // the old ones, counted when promoted and grown since, and the young protected ones), and
        // the survivors.
        var kept = 0
        for i in (full ? 0 : oldObjectCount)..<first { kept &+= objects[i]._withUnsafeGuaranteedRef { $0.byteSize } }
        let live = (full ? 0 : oldObjectBytes &+ grownBytes) &+ kept &+ sweep(from: first)
        oldObjectBytes = live
        grownBytes = 0
        sweepSymbols(from: firstSymbol)
        promote(from: full ? 0 : oldObjectCount, full: full)
        oldObjectCount = objects.count
        oldWeakSymbolCount = weakSymbols.count
        for p in rememberedPairs { p.flags &= ~Pair.rememberedFlag }
        rememberedPairs.removeAll(keepingCapacity: true)
        pairsInUse = pairs
        rewindPairCursor(full: full)
        liveBytes = live &+ pairsInUse &* Heap.pairBytes &+ symbolBytes
        allocatedSinceCollection = 0
        setThreshold()
        collections += 1
    }

    /// Makes `objects[first...]` old: an object with a write barrier gets `HeapObject.old`, one
    /// without is an old root. A full collection (`first` 0) also drops the dead old roots.
    private func promote(from first: Int, full: Bool) {
        if full {
            oldRoots.removeAll(keepingCapacity: true)
            oldRootBytes = 0
        }
        for i in first..<objects.count {
            let o = objects[i].takeUnretainedValue()
            if o.generation & (HeapObject.old | HeapObject.oldRoot) == 0 {
                o.generation |= o.hasWriteBarrier ? HeapObject.old : HeapObject.oldRoot
            }
            if o.generation & HeapObject.oldRoot != 0 {
                oldRoots.append(Unmanaged.passUnretained(o))
                oldRootBytes &+= o.byteSize
            }
        }
    }

    /// Drops every object at or past `first` that this collection did not mark; returns the bytes
    /// of those it keeps.
    /// Compacts in place, in order: the prefix before `first` (the protected objects, and in a minor
    /// collection the old ones) stays as it is, so `protectedCount` of every enclosing run still counts
    /// the same objects, and the survivors keep their order.
    private func sweep(from first: Int) -> Int {
        var live = 0
        var kept = first
        let epoch = objectEpoch
        objects.withUnsafeMutableBufferPointer { objects in
            for i in first..<objects.count where objects[i]._withUnsafeGuaranteedRef({ $0.markEpoch == epoch }) {
                live &+= objects[i]._withUnsafeGuaranteedRef { $0.byteSize }
                if i != kept { objects.swapAt(i, kept) }
                kept += 1
            }
        }
        // The unreached objects, freed (unless Swift code still holds one) once the array is no
        // longer being walked: a deinit may run any code.
        for o in objects[kept...] { o.release() }
        objects.removeSubrange(kept...)
        return live
    }

    /// Allocated bytes before the next collection: as many as the old roots hold (a minor collection
    /// follows their fields), at least `minimumThreshold`; under a limit no more than the room left
    /// below it (at least a sixteenth of the limit, so a heap close to its limit is not collected
    /// at every safe point).
    func setThreshold() {
        let grown = max(minimumThreshold, oldRootBytes)
        regularThreshold = limit.map { min(grown, max($0 - liveBytes, $0 / 16)) } ?? grown
        threshold = stressInterval > 0 ? 0 : regularThreshold
    }

    /// Puts `pair`, an old pair just stored into, in the remembered set (once until the next collection).
    func remember(_ pair: Pair) {
        pair.flags |= Pair.rememberedFlag
        rememberedPairs.append(pair)
    }

    /// Stress mode's check of the invariant a minor collection relies on (see above), after its
    /// marking (`reached`): counts the references from old objects with a barrier, not remembered,
    /// to young data the collection did not reach, and the references it followed. A missed write
    /// barrier would otherwise free live data only when a later collection came at the wrong time;
    /// under stress it stops the process at the first minor collection after the store.
    func checkGenerations(_ reached: Marker) -> (missed: Int, visits: Int) {
        var checker = Marker(epoch: reached.epoch, objectEpoch: reached.objectEpoch, stamp: reached.stamp, minor: true)
        checker.checking = true
        for i in 0..<min(oldObjectCount, objects.count) {
            objects[i]._withUnsafeGuaranteedRef { o in
                if o.generation == HeapObject.old { o.trace(&checker) }
            }
        }
        return (checker.missed, checker.visits)
    }

    /// The write barrier of objects: to call when `v` has been stored into a field of `o` that
    /// `o.trace` follows. An old object (not yet remembered) that may now refer to young data
    /// joins the remembered set, whose fields the next minor collection follows.
    @inline(__always) func written(_ o: HeapObject, _ v: Value) {
        // (The value first: a fixnum or character stored, the commonest in loops, reads no memory.)
        if v.refersToHeap, o.generation == HeapObject.old { remember(o) }
    }

    /// The write barrier for a store of values not at hand (a whole vector replaced or filled).
    @inline(__always) func written(_ o: HeapObject) {
        if o.generation == HeapObject.old { remember(o) }
    }

    @inline(never) private func remember(_ o: HeapObject) {
        o.generation |= HeapObject.remembered
        rememberedObjects.append(Unmanaged.passUnretained(o))
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
        for o in objects { o._withUnsafeGuaranteedRef { $0.markEpoch = 0 } }
        for s in symbols.symbols { s.markEpoch = 0 }
        epoch = 1
        objectEpoch = 1
        youngMark = 2
        lastMark = 2
    }
}
