// The block heap's collector (docs/heap-design.md, "The collector").

extension BlockHeap {
    /// Which collection to run.
    enum CollectionKind {
        /// Marks from the roots, the dirty cards and the remembered opaque objects only; stops at
        /// old (marked) objects.
        case minor
        /// Clears every mark and marks everything reachable.
        case major
    }

    /// The major-collection floor: below this much live data, minor collections alone suffice.
    static let majorFloorBytes = 16 << 20

    /// Collects when the nursery budget is spent or stress mode is on, and returns what it ran.
    /// `roots` hands the caller's roots (the VM's stacks, …) to the marker, besides `self.roots`.
    ///
    /// Why only here: allocation never collects, so code between two safe points may hold words
    /// without rooting them.
    @discardableResult
    func safePoint(roots: (inout HeapMarker) -> Void = { _ in }) -> CollectionKind? {
        guard wantsCollection else { return nil }
        let kind: CollectionKind
        switch stress {
        case .minor: kind = .minor
        case .major: kind = .major
        case .off:
            // Major when the live data has doubled since the last major collection.
            kind = markedBytes > 2 * max(markedAfterMajor, BlockHeap.majorFloorBytes) ? .major : .minor
        }
        collect(kind, roots: roots)
        return kind
    }

    /// Runs a collection now.
    func collect(_ kind: CollectionKind, roots extra: (inout HeapMarker) -> Void = { _ in }) {
        let major = kind == .major
        var marker = HeapMarker()
        if major {
            // Sticky mark bits: clearing them makes every object young again.
            spaces.pointee.forEachSmallBlock { b in b.clearMarks(); b.clearCards() }
            large.clearMarks()
            for b in large.blocks { b.clearCards() }
        } else {
            scanDirtyCards(&marker)
            for i in handles.remembered { trace(handle: i, &marker) }
        }
        for r in roots { marker.mark(r) }
        extra(&marker)
        drain(&marker)

        // Weak references, before any block goes back to the pool (they read the mark bits).
        symbols.sweep(major: major)
        sweepWeakVectors()
        handles.sweep(major: major)
        spaces.pointee.sweep(major: major)
        if major {
            markedBytes = marker.markedBytes
            markedAfterMajor = markedBytes
            statistics.majorCollections += 1
            if let limit = limitBytes { overLimit = markedBytes > limit }
        } else {
            markedBytes += marker.markedBytes
            statistics.minorCollections += 1
        }
        statistics.lastLiveBytes = markedBytes
    }

    /// Marks until nothing is left, asking the Swift objects behind newly marked opaque cells for
    /// the words they hold (which may mark more opaque cells).
    private func drain(_ marker: inout HeapMarker) {
        while true {
            marker.drain()
            if marker.foundOpaque.isEmpty { return }
            let found = marker.foundOpaque
            marker.foundOpaque = []
            for i in found { trace(handle: i, &marker) }
        }
    }

    private func trace(handle i: Int, _ marker: inout HeapMarker) {
        if let t = handles.object(at: i) as? WordTraceable { t.trace(&marker) }
    }

    // MARK: cards

    /// Pushes the fields of the old (marked) objects in dirty cards, and clears the cards. Why only
    /// marked ones: an unmarked object in a dirty card is young, and found from the roots if live.
    private func scanDirtyCards(_ marker: inout HeapMarker) {
        let s = spaces.pointee
        for b in s.pairs.blocks { scanCards(of: b, &marker) }
        for o in s.objects { for b in o.blocks { scanCards(of: b, &marker) } }
        for b in s.large.blocks where b.largeMark { scanLargeCards(of: b, &marker) }
    }

    /// Calls `body` with each dirty card of `b` (clearing it), skipping 8 clean cards per load.
    private func forEachDirtyCard(of b: Block, _ body: (Int) -> Void) {
        let cards = b.cards
        let n = b.cardCount
        var c = 0
        while c < n {
            if c & 7 == 0, c + 8 <= n, UnsafeRawPointer(cards + c).load(as: UInt64.self) == 0 {
                c += 8
                continue
            }
            if cards[c] != 0 {
                cards[c] = 0
                body(c)
            }
            c += 1
        }
    }

    private func scanCards(of b: Block, _ marker: inout HeapMarker) {
        let first = b.firstCell
        let size = b.cellSize
        let isPair = b.kind == .pair
        forEachDirtyCard(of: b) { c in
            let lo = c << Block.cardShift
            let hi = lo + Block.cardBytes
            guard hi > first else { return }
            let i0 = lo > first ? (lo - first) / size : 0
            let i1 = min(b.cellCount, (hi - first + size - 1) / size)
            var i = i0
            while i < i1 {
                if b.isCellMarked(i) {
                    if isPair { marker.pushPair(b.cell(i)) } else { marker.pushFields(of: b.cell(i)) }
                }
                i += 1
            }
        }
    }

    /// A large object's dirty cards: only the slots inside each dirty card are pushed.
    private func scanLargeCards(of b: Block, _ marker: inout HeapMarker) {
        let object = b.base + b.firstCell
        let slotsStart = b.firstCell + 8
        forEachDirtyCard(of: b) { c in
            let lo = (c << Block.cardShift) - slotsStart
            let hi = lo + Block.cardBytes
            guard hi > 0 else { return }
            let first = lo > 0 ? (lo + 7) / 8 : 0
            marker.pushFields(of: object, slots: first..<((hi + 7) / 8))
        }
    }

    // MARK: weak vectors

    /// Drops the weak vectors that died and clears, in the live ones, the slots whose object died.
    private func sweepWeakVectors() {
        var kept: [Word] = []
        for w in weakVectors where HeapMarker.isMarked(w) {
            guard let o = ObjectRef(w) else { continue }
            for i in 0..<o.length {
                let s = o.slot(i)
                if s.isPointer && !HeapMarker.isMarked(s) {
                    // Storing an immediate needs no barrier.
                    o.setSlot(i, .false)
                }
            }
            kept.append(w)
        }
        weakVectors = kept
    }
}
