// The runtime's own heap (docs/heap-design.md), beside today's `Heap` until migration step 5.

/// A heap of blocks: pairs, flonums and headered objects in 256 KB blocks with side mark bitmaps
/// and card tables, large objects in runs of their own, a weak intern table and a handle table
/// for Swift objects. Collected by `collect` (BlockHeap+Collect.swift).
///
/// Why nothing here is a Swift object per value: allocation bumps a pointer through a hole (no
/// malloc), words are POD (no reference counting), and nothing ever moves, so a word stays valid
/// while it is rooted. Allocation never collects: collections happen only at the caller's safe
/// points (`safePoint`), so a word just allocated needs no rooting until the next one.
final class BlockHeap {
    /// The blocks and allocation cursors (behind a pointer: see `HeapSpaces`).
    let spaces: UnsafeMutablePointer<HeapSpaces> = {
        let p = UnsafeMutablePointer<HeapSpaces>.allocate(capacity: 1)
        p.initialize(to: HeapSpaces())
        return p
    }()
    var handles = HandleTable()
    var symbols = SymbolTable()
    /// The weak vectors allocated and not yet found dead.
    var weakVectors: [Word] = []

    /// Words marked at every collection (the simplest root set: tests, and handles the embedder
    /// keeps); more come from the closure given to `collect`.
    var roots: [Word] = []

    /// Bytes allocated before `wantsCollection` turns true (the nursery budget).
    var nurseryBytes = 4 << 20
    /// Bytes allocated since the last collection.
    var allocatedSinceCollection: Int { spaces.pointee.allocatedSinceCollection }
    /// The block pool (for tests and figures).
    var pool: BlockPool { spaces.pointee.pool }
    /// The pair blocks (for tests and figures).
    var pairs: BlockSpace { spaces.pointee.pairs }
    /// The large objects (for tests and figures).
    var large: LargeObjectSpace { spaces.pointee.large }
    /// Whether the next safe point should collect.
    var wantsCollection: Bool { allocatedSinceCollection >= nurseryBytes || stress != .off }

    /// When set, every safe point collects (minor or major): the tests' stress mode.
    var stress = StressMode.off
    /// The most live bytes a major collection may find before `overLimit` turns true (nil: none).
    var limitBytes: Int? = nil
    /// Whether the last major collection found more live bytes than `limitBytes`.
    var overLimit = false

    /// Live bytes as of the last collection, plus survivors of minor ones since the last major.
    var markedBytes = 0
    /// Live bytes the last major collection found.
    var markedAfterMajor = 0
    /// Counters and timings of the collections so far.
    var statistics = HeapStatistics()

    /// What stress mode collects at every safe point.
    enum StressMode { case off, minor, major }

    /// An empty heap (no memory is mapped until the first allocation).
    init() {}

    deinit {
        spaces.pointee.pool.releaseAll()
        spaces.deinitialize(count: 1)
        spaces.deallocate()
    }

    /// Why a cap below the 48-bit header length: a request this big is a bug or hostile input,
    /// refused (nil) instead of asking the system for it.
    static let maxObjectBytes = 1 << 40

    // MARK: allocation (never collects; the caller initialises before its next safe point)

    /// A new pair. Traps only when the system has no memory left for a block.
    @inline(__always) func cons(_ car: Word, _ cdr: Word) -> Word {
        guard let p = spaces.pointee.allocatePair() else { outOfMemory() }
        p.storeBytes(of: car.bits, as: UInt64.self)
        p.storeBytes(of: cdr.bits, toByteOffset: 8, as: UInt64.self)
        return Word(address: p, tag: Word.pairTag)
    }

    /// A new flonum box. Traps only when the system has no memory left for a block.
    @inline(__always) func flonum(_ d: Double) -> Word {
        guard let p = spaces.pointee.allocateFlonum() else { outOfMemory() }
        p.storeBytes(of: d, as: Double.self)
        return Word(address: p, tag: Word.flonumTag)
    }

    /// The double of a flonum word, or nil when it is not a flonum.
    func double(_ w: Word) -> Double? {
        w.isFlonum ? w.address.load(as: Double.self) : nil
    }

    private func outOfMemory() -> Never {
        fatalError("htll: out of memory (the system refused a 256 KB heap block)")
    }

    /// Raw memory for an object of `type` and `length` with its header written; its payload is the
    /// caller's to initialise. Nil when the size is refused or no memory is left.
    func allocateObject(_ type: ObjectType, length: Int, flags: UInt8 = 0) -> ObjectRef? {
        guard let header = ObjectHeader(type: type, flags: flags, length: length),
              let bytes = ObjectHeader.objectBytes(type: type, length: length),
              bytes <= BlockHeap.maxObjectBytes else { return nil }
        guard let a = spaces.pointee.allocateObject(bytes: bytes) else { return nil }
        a.storeBytes(of: header.bits, as: UInt64.self)
        return ObjectRef(Word(address: a, tag: Word.objectTag))
    }

    /// An object of `type` whose `length` slots all hold `fill` (for every slot type).
    func makeObject(_ type: ObjectType, length: Int, fill: Word = .false, flags: UInt8 = 0) -> Word? {
        guard !type.lengthCountsBytes, !type.payloadIsOneSlot,
              let o = allocateObject(type, length: length, flags: flags) else { return nil }
        let slots = (o.address + 8).bindMemory(to: UInt64.self, capacity: length)
        slots.initialize(repeating: fill.bits, count: length)
        if type == .weakVector { weakVectors.append(o.word) }
        return o.word
    }

    /// A vector of `count` elements, each `fill`; nil for a negative or refused count.
    func makeVector(count: Int, fill: Word = .false) -> Word? {
        makeObject(.vector, length: count, fill: fill)
    }

    /// A weak vector of `count` elements, each `fill`: its slots do not keep their objects alive.
    func makeWeakVector(count: Int, fill: Word = .false) -> Word? {
        makeObject(.weakVector, length: count, fill: fill)
    }

    /// A bytevector of `count` bytes, each `fill`.
    func makeBytevector(count: Int, fill: UInt8 = 0) -> Word? {
        guard let o = allocateObject(.bytevector, length: count) else { return nil }
        o.bytes.initializeMemory(as: UInt8.self, repeating: fill, count: count)
        return o.word
    }

    /// The storage of a string of `count` characters (1 or 4 bytes each), zero-filled.
    func makeStorage(count: Int, wide: Bool) -> Word? {
        let (bytes, o) = count.multipliedReportingOverflow(by: wide ? 4 : 1)
        guard !o, let s = allocateObject(.stringStorage, length: bytes, flags: wide ? StringRef.wideFlag : 0) else {
            return nil
        }
        s.bytes.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        return s.word
    }

    /// A string holding `s` (narrow when every character is at most U+00FF).
    func makeString(_ s: String, immutable: Bool = false) -> Word? {
        let scalars = Array(s.unicodeScalars)
        let wide = scalars.contains { $0.value > 0xFF }
        guard let storage = makeStorage(count: scalars.count, wide: wide),
              let o = allocateObject(.string, length: scalars.count,
                                     flags: immutable ? StringRef.immutableFlag : 0) else { return nil }
        let bytes = ObjectRef(storage).unsafelyUnwrapped.bytes
        for (i, c) in scalars.enumerated() {
            if wide { bytes.storeBytes(of: c.value, toByteOffset: 4 * i, as: UInt32.self) }
            else { bytes.storeBytes(of: UInt8(c.value), toByteOffset: i, as: UInt8.self) }
        }
        // Initialising a new object: no barrier (no safe point since it was allocated).
        (o.address + 8).storeBytes(of: storage.bits, as: UInt64.self)
        return o.word
    }

    /// The symbol named `name`: the same word for the same name while it lives.
    func intern(_ name: String) -> Word? {
        let h = SymbolTable.hash(name)
        if let s = symbols.lookup(name, hash: h) { return s }
        guard let str = makeString(name, immutable: true),
              let o = allocateObject(.symbol, length: 2),
              let hash = Word(fixnum: h) else { return nil }
        (o.address + 8).storeBytes(of: str.bits, as: UInt64.self)
        (o.address + 16).storeBytes(of: hash.bits, as: UInt64.self)
        symbols.insert(o.word, hash: h)
        return o.word
    }

    /// An opaque cell holding `object` through the handle table; the object is released when the
    /// cell dies.
    func makeOpaque(_ object: AnyObject) -> Word? {
        guard let o = allocateObject(.opaque, length: 1) else { return nil }
        let i = handles.add(object, cell: o.word)
        (o.address + 8).storeBytes(of: Word(fixnum: i).unsafelyUnwrapped.bits, as: UInt64.self)
        return o.word
    }

    /// The Swift object behind an opaque cell, or nil when `w` is not one.
    func opaqueObject(_ w: Word) -> AnyObject? {
        guard let o = ObjectRef(w, type: .opaque) else { return nil }
        return handles.object(at: o.slot(0).fixnum)
    }

    /// Tells the heap that the Swift object behind opaque cell `w` stored a word, so the next minor
    /// collection traces it again (the opaque counterpart of the card barrier).
    func remember(_ w: Word) {
        guard let o = ObjectRef(w, type: .opaque) else { return }
        handles.remember(o.slot(0).fixnum)
    }

    /// A proper list of `items`.
    func list(_ items: [Word]) -> Word {
        var l = Word.null
        for x in items.reversed() { l = cons(x, l) }
        return l
    }
}

/// What the collections of a heap did so far.
struct HeapStatistics {
    /// Minor collections run.
    var minorCollections = 0
    /// Major collections run.
    var majorCollections = 0
    /// Live bytes found by the last collection.
    var lastLiveBytes = 0
}
