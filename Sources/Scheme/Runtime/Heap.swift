#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The owner of every collectable object, and its mark-sweep collector.
///
/// Invariant: the heap's `objects` array holds the only strong reference to each collectable object
/// (retained by hand: it holds `Unmanaged` references, released when the sweep drops them),
/// and pairs are cells in the heap's pair blocks, in use iff their mark is the current `epoch` (old
/// pairs) or `youngMark` (pairs made since the last collection) (`Heap+Pairs.swift`); values refer
/// to objects through `Unmanaged`, and to pairs, to closures, records and vectors (runs of pair
/// cells, `CellRun`) and to strings and bytevectors (a head cell and data cells whose fields are
/// bytes, marked without being read: `ByteRun`, `Pair.leafFlag`), by address.
/// Collection happens only at VM safe points (calls and loop back edges), never inside an
/// allocation, so Swift code that allocates and returns without running Scheme code (most
/// builtins, the reader, the expander, the compiler) needs no rooting.
/// An object survives a collection iff it is reachable from
/// - the VM's stacks, the runtime's environments and libraries, and live continuations;
/// - handles Swift holds on purpose (`Scheme.retain`, `Runtime.keeping`);
/// - or it is protected: a run of the VM that Swift starts while already inside one (a builtin
///   calling back into Scheme, library loading, `include`, an embedder's builtin calling `Scheme.call`)
///   or from runtime code (`VM.run` keeps by default) protects every object that exists when it
///   starts, until it ends (`protectedCount`, and `pairWatermark` for pairs). Whatever Swift holds
///   when it calls into the VM existed before that call, so no Swift local, array or struct can
///   lose its values, however it got them.
///   Only the embedding API's own top-level calls (`Scheme.evaluate`, `call`, `load`) collect
///   everything unreachable: a host keeps a value across them with `Scheme.retain` or `keeping`.
/// Interned symbols are not objects of `objects`: the intern table holds them (`Heap+Symbols.swift`);
/// those Swift code interned live for good, those made from data are freed like objects. Nor are
/// the heap's own record types (`valuesType`, `errorType`, `complexType`, `ratioType`): it holds them
/// until it goes.
/// Collections are minor or full (`Heap+Generations.swift`): a minor one does not follow old pairs,
/// so an old pair that may refer to something newer than itself must be in the remembered set
/// (the write barrier in `Pair`'s setters puts it there).
/// `stressInterval` makes collections frequent, for tests.
final class Heap {
    /// Every collectable object, each retained once (see the invariant). Why `Unmanaged` and not
    /// an array of references: appending a reference retained the new object and the caller then
    /// released its own, a pair of atomic operations on every object made.
    @exclusivity(unchecked) var objects: [Unmanaged<HeapObject>] = []
    /// The collection epoch: objects and pair cells reached by the last full collection, or promoted
    /// by a minor one since, carry it in their mark (see `Heap+Generations.swift`).
    @exclusivity(unchecked) var epoch: UInt32 = 1
    /// The mark of the objects the last collection reached (every collection has a new one).
    @exclusivity(unchecked) var objectEpoch: UInt32 = 1
    /// The mark of pairs allocated since the last collection: a pair cell is in use iff its mark is
    /// `epoch` or `youngMark`. Every collection moves it on, which frees the young pairs it did not reach.
    @exclusivity(unchecked) var youngMark: UInt32 = 2
    /// The last mark handed out (`epoch` or `youngMark`): marks only grow, so a free cell's stale
    /// mark never equals a current one (until they wrap round, see `renumberMarks`).
    var lastMark: UInt32 = 2
    // The pair space (see `Heap+Pairs.swift`): its blocks, in position order, and the cursor.
    /// Every pair block, 256 KB each, aligned to their size; a cell's position is its block's index
    /// times `Heap.pairCellsPerBlock` plus its index in the block.
    @exclusivity(unchecked) var pairBlocks: [UnsafeMutableRawPointer] = []
    /// The chunks the pair blocks are carved from (see `makePairBlock`), and the next block of the
    /// latest one, if it has one left.
    var pairChunks: [UnsafeMutableRawPointer] = []
    var pairChunkNext: UnsafeMutableRawPointer?
    /// The next cell `cons` looks at, in block `pairBlockIndex`; `pairLimit` is that block's end.
    @exclusivity(unchecked) var pairCursor = Heap.noPairBlock
    @exclusivity(unchecked) var pairLimit = Heap.noPairBlock
    @exclusivity(unchecked) var pairBlockIndex = -1
    /// No cell at or past this position has been in use since the heap began (see `protectExisting`).
    @exclusivity(unchecked) var pairHighWater = 0
    /// Cells below this position are protected: in use ones survive every collection (see
    /// `protectedCount`, the same rule for the other objects), and `cons` takes none of them.
    @exclusivity(unchecked) var pairWatermark = 0
    // Generations (see `Heap+Generations.swift`).
    /// Old pairs stored into since the last collection (each has `Pair.rememberedFlag`).
    @exclusivity(unchecked) var rememberedPairs: [Pair] = []
    /// Old objects stored into since the last collection (each has `HeapObject.remembered`).
    @exclusivity(unchecked) var rememberedObjects: [Unmanaged<HeapObject>] = []
    /// Old objects without a write barrier (`HeapObject.oldRoot`): roots of every minor collection.
    var oldRoots: [Unmanaged<HeapObject>] = []
    /// `objects[0..<oldObjectCount]` existed at the last collection: a minor one sweeps only the
    /// objects after them.
    var oldObjectCount = 0
    /// Bytes of `objects[0..<oldObjectCount]` (as counted when each was promoted; exact after a
    /// full collection), so a minor collection need not visit the old objects to count them.
    var oldObjectBytes = 0
    /// `weakSymbols[0..<oldWeakSymbolCount]` existed at the last collection.
    var oldWeakSymbolCount = 0
    /// Young pairs lie at this position or past it: the cursor's after the last collection.
    var youngPairStart = 0
    /// `liveBytes` after the last full collection.
    var liveBytesAfterFull = 0
    /// Bytes `charge`d since the last collection: growth inside objects, which a minor collection
    /// counts into the old objects' bytes (it does not visit them; the growth of a young object is
    /// then counted twice until the next full collection, which counts exactly).
    @exclusivity(unchecked) var grownBytes = 0
    /// Bytes of the old objects without a write barrier (`oldRoots`), whose fields every minor
    /// collection follows.
    var oldRootBytes = 0
    /// Times an empty pair block's pages were given back to the system (`returnEmptyPairBlocks`).
    public internal(set) var returnedPairBlocks = 0
    /// Full collections so far (the others were minor).
    public internal(set) var fullCollections = 0
    /// Tells `Scope`s one collection from another (`Marker.stamp`).
    var collectionStamp: UInt32 = 0
    /// Pairs in use after the last collection (the protected ones included; after a minor collection,
    /// the old pairs, some of them maybe unreachable, and the young ones it promoted).
    var pairsInUse = 0
    /// Pair blocks with a table of source locations (`locate`), for tests and figures.
    var locationTables = 0
    /// Bytes allocated since the last collection.
    @exclusivity(unchecked) internal(set) var allocatedSinceCollection = 0
    /// Estimated live bytes after the last collection.
    public internal(set) var liveBytes = 0
    /// Collect when `allocatedSinceCollection` passes this (0 in stress mode: every safe point asks).
    @exclusivity(unchecked) var threshold = 4 << 20
    /// The threshold without stress mode: stress collections never come later than ordinary ones.
    var regularThreshold = 4 << 20
    /// The least allocation between two collections (`setThreshold`; `Scheme.collectionInterval`).
    /// Why 8 MB by default: a minor collection also follows every old object's fields, so fewer of
    /// them paid (10,000 labels: 1.6% fewer instructions, bench/sort.scm 10% faster) for 3 MB more
    /// of sort's peak (59 MB, chibi 44: within the 1.5 times of issue 17).
    var minimumThreshold = 8 << 20 {
        didSet { setThreshold() }
    }
    /// Stress mode for tests: when above zero, each call into the instance collects at every
    /// `stressInterval`th safe point that follows an allocation (1: every one), for its first
    /// `denseStressCollections` collections or until they have followed `denseStressBudget`
    /// references, whichever comes first; after that, at most once per cost/16 safe points, where
    /// `cost` is the number of references (objects and stack slots) the last collection followed.
    /// Every call is stressed densely from its start, and a long one (a loop of millions of steps,
    /// a large heap, a deep stack) pays about 16 references of marking per safe point. (The budget:
    /// without it, each of the many calls a layout makes over a 100,000-form datum marked it 256
    /// times, and the stressed test ran into its 20-second limit.)
    public var stressInterval = 0 {
        didSet {
            setThreshold()
            restartStressPacing()
        }
    }
    /// Safe points left before the next stress collection.
    @exclusivity(unchecked) private var stressCountdown = 0
    /// Stress collections since the current call into the instance started.
    private var stressCollections = 0
    /// References those collections followed.
    private var stressMarked = 0
    /// `objects[0..<protectedCount]` survive every collection and keep what they refer to: they
    /// existed when Swift code that may hold them called into the VM (see the invariant; `VM.run`).
    @exclusivity(unchecked) var protectedCount = 0
    /// References the last collection followed (see `stressInterval`).
    internal(set) var lastCollectionCost = 0
    /// The heap limit (live bytes), if any: collections come early enough that the heap does not
    /// grow far past it between two (see `setThreshold`).
    public var limit: Int? {
        didSet { setThreshold() }
    }
    // The intern table (see `Heap+Symbols.swift`).
    /// Every interned symbol, by name: the table holds the only strong reference to most.
    @exclusivity(unchecked) var symbols = InternTable()
    /// The weak symbols (made from data), in the order they were made; pinned ones leave at a sweep.
    @exclusivity(unchecked) var weakSymbols: [Unmanaged<Symbol>] = []
    /// `weakSymbols[0..<symbolWatermark]` are protected (see `protectedCount`).
    var symbolWatermark = 0
    /// Bytes of the interned symbols, counted in `liveBytes`.
    var symbolBytes = 0
    /// Weak symbols freed by collections, over the heap's life.
    public internal(set) var symbolsCollected = 0
    /// How many collections have run.
    public internal(set) var collections = 0
    /// Set when a collection is due; the VM polls it at safe points.
    @inline(__always) public var wantsCollection: Bool {
        allocatedSinceCollection > threshold
    }

    /// Whether a safe point at which `wantsCollection` holds should collect: always, except in
    /// stress mode, where only every `stressInterval`th one does (or one past the regular threshold).
    func collectionDue() -> Bool {
        guard stressInterval > 0, allocatedSinceCollection <= regularThreshold else { return true }
        stressCountdown -= 1
        if stressCountdown > 0 { return false }
        stressCollections += 1
        stressMarked &+= lastCollectionCost
        stressCountdown = stressCollections < Heap.denseStressCollections && stressMarked < Heap.denseStressBudget
            ? stressInterval : max(stressInterval, lastCollectionCost >> 4)
        return true
    }

    /// Stress collections per call made at `stressInterval` whatever they cost.
    static let denseStressCollections = 256
    /// References the dense stress collections of one call may follow in all.
    static let denseStressBudget = 16_000_000

    /// Makes stress collections dense again: a new call into the instance begins.
    func restartStressPacing() {
        stressCountdown = stressInterval
        stressCollections = 0
        stressMarked = 0
    }

    /// The `stressInterval` new heaps start with (0: none). Tests set it to re-run whole suites
    /// under stress, including instances made by code under test (layouts, hostile corpora).
    nonisolated(unsafe) static var defaultStressInterval = 0

    public init() {
        if Heap.defaultStressInterval > 0 {
            stressInterval = Heap.defaultStressInterval  // (no didSet in init)
            setThreshold()
            restartStressPacing()
        }
    }

    /// The type of multiple values' records (see `MultipleValues`). Outside `objects`: it lives as
    /// long as the heap (marking a record marks it, which costs nothing: it holds no values).
    let valuesType = Unmanaged.passRetained(RecordType(name: "values", fields: [], role: .values))
    /// The type of error objects' records (see `ErrorObject`), like `valuesType`.
    let errorType = Unmanaged.passRetained(RecordType(name: "error-object", fields: [], role: .error))
    /// The type of complex numbers' records (see `Compnum`), like `valuesType`.
    let complexType = Unmanaged.passRetained(RecordType(name: "compnum", fields: [], role: .complex))
    /// The type of exact ratios' records (see `Ratnum`), like `valuesType`.
    let ratioType = Unmanaged.passRetained(RecordType(name: "ratnum", fields: [], role: .ratio))

    deinit {
        valuesType.release()
        errorType.release()
        complexType.release()
        ratioType.release()
        for o in objects { o.release() }
        releasePairBlocks()
        free(scratch)
    }

    /// A buffer for `withScratch`, and whether a call is using it.
    @exclusivity(unchecked) private var scratch: UnsafeMutableRawPointer = {
        guard let raw = malloc(Heap.scratchBytes) else { fatalError("out of memory for a scratch buffer") }
        return raw
    }()
    @exclusivity(unchecked) private var scratchInUse = false
    /// The scratch buffer's size: a short string's characters when wide (`ByteRun.longestInCells`
    /// scalars, narrow or wide).
    static let scratchBytes = 4 * ByteRun.longestInCells

    /// Calls `body` with `bytes` bytes of memory valid during the call: the heap's scratch buffer
    /// when it is large enough and not in use (a call inside `body` may need one too), else from
    /// malloc. Why: reading and making short strings goes through a contiguous copy of their
    /// characters (`SString`), which a malloc and a free per string would make cost more than the cells save.
    @inline(__always)
    func withScratch<R>(_ bytes: Int, _ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R {
        if bytes <= Heap.scratchBytes && !scratchInUse {
            scratchInUse = true
            defer { scratchInUse = false }
            return try body(scratch)
        }
        guard let raw = malloc(max(bytes, 1)) else { fatalError("out of memory for \(bytes) bytes") }
        defer { free(raw) }
        return try body(raw)
    }

    /// Takes ownership of `object` and returns it.
    @inline(__always) @discardableResult
    public func own<T: HeapObject>(_ object: T) -> T {
        adopt(object).takeUnretainedValue()
    }

    /// Takes ownership of `object`, which the caller just made and hands over, and returns it
    /// unretained (what a `Value` holds). Why: handing it over ends the caller's reference where the
    /// heap's begins, so the optimizer drops the retain and the release that `own` costs when the
    /// caller keeps its reference to the end of its scope (strings, vectors: the objects builtins make most).
    @inline(__always)
    func adopt<T: HeapObject>(_ object: consuming T) -> Unmanaged<T> {
        let u = Unmanaged.passRetained(object)
        _ = consume object
        objects.append(unsafeBitCast(u, to: Unmanaged<HeapObject>.self))
        allocatedSinceCollection &+= u._withUnsafeGuaranteedRef { $0.byteSize }
        return u
    }

    /// Counts `bytes` of growth inside an object already owned (a string port's buffer, a hash table's
    /// entries): such growth allocates no new object, yet must bring the next collection, and with it
    /// the heap-limit check, as close as an allocation would.
    @inline(__always) public func charge(_ bytes: Int) {
        allocatedSinceCollection &+= bytes
        grownBytes &+= bytes
    }

    /// Bytes allocated past the point where a safe point would have collected: work outside the
    /// dispatch loop (reading, expanding, a builtin) cannot collect, so the limits check this.
    var overdraft: Int { allocatedSinceCollection &- regularThreshold }

    /// Allocates a pair: the next cell at the cursor if the last collection left it free, else
    /// whatever `consSlow` finds (see `Heap+Pairs.swift`). No malloc, no reference counting.
    @inline(__always) public func cons(_ car: Value, _ cdr: Value) -> Value {
        .pair(cell(car, cdr))
    }

    /// Allocates a pair cell holding `car` and `cdr`: a pair, or two values the runtime keeps in
    /// the pair space (a box's variable, an object of one or two slots: `CellRun`).
    @inline(__always) func cell(_ car: Value, _ cdr: Value) -> Pair {
        allocatedSinceCollection &+= Heap.pairBytes
        let c = pairCursor
        guard c != pairLimit, isFree(c.load(fromByteOffset: Pair.markOffset, as: UInt32.self)) else {
            return consSlow(car, cdr)
        }
        pairCursor = c + Pair.cellBytes
        return newPair(at: c, car, cdr)
    }

    /// Whether a pair cell with mark `mark` is free.
    @inline(__always) func isFree(_ mark: UInt32) -> Bool { mark != epoch && mark != youngMark }

    /// Puts a new pair in the free cell at `cell`: young and in use from now, no location. (The
    /// fields are stored past the write barrier: a new pair is young.)
    @inline(__always) func newPair(at cell: UnsafeMutableRawPointer, _ car: Value, _ cdr: Value) -> Pair {
        let p = Pair(cell: cell)
        p.mark = youngMark
        p.flags = 0
        cell.storeBytes(of: car, toByteOffset: Pair.carOffset, as: Value.self)
        cell.storeBytes(of: cdr, toByteOffset: Pair.cdrOffset, as: Value.self)
        return p
    }

    /// What a pair counts for in collection pacing, the heap limit and `Runtime.reserve`: its cell.
    static let pairBytes = Pair.cellBytes

    /// Allocates a pair that remembers the source location `location` (a plain pair when unknown).
    public func cons(_ car: Value, _ cdr: Value, at location: SourceLocation) -> Value {
        let v = cons(car, cdr)
        if location.isKnown, case .pair(let p) = v { locate(p, at: location) }
        return v
    }

    /// A proper list of `items`.
    public func list(_ items: [Value], tail: Value = .null) -> Value {
        var result = tail
        for v in items.reversed() { result = cons(v, result) }
        return result
    }

    /// Allocates a string.
    public func string(_ s: String) -> Value { .string(SString.make(s, in: self)) }

    /// Allocates a vector.
    public func vector(_ items: [Value]) -> Value { .vector(SVector.make(count: items.count, in: self) { items[$0] }) }

    /// Wraps an owned non-procedure object as a value.
    public func object(_ o: consuming HeapObject) -> Value { .object(adopt(o)) }

    /// Objects that survived the last collection or were allocated since, plus the pairs the last
    /// collection found in use.
    public var objectCount: Int { objects.count + pairsInUse }

    /// Where the next new object goes in `objects`: a run that protects every object that exists
    /// sets `protectedCount` to it.
    var objectsEnd: Int { objects.count }
}

/// The collector's mark phase: worklists, so marking deep structures never recurses on the Swift stack.
struct Marker {
    /// The mark of pairs reached (see `Heap.epoch`).
    let epoch: UInt32
    /// The mark of objects reached: new in every collection, since a minor one reaches every object
    /// reachable without going through an old pair (see `Heap+Generations.swift`).
    let objectEpoch: UInt32
    /// Different in every collection, minor ones included (whose `epoch` stays the same), for
    /// structures outside the heap that remember which collection last traced them (`Scope`).
    let stamp: UInt32
    /// `HeapObject.old` in a minor collection, which stops at old objects (the write barrier put
    /// those stored into since in the remembered set); 0 in a full one.
    let skipGeneration: UInt8
    private var work: [Unmanaged<HeapObject>] = []
    private var pairWork: [Pair] = []
    /// References followed so far: the cost of the collection, which stress mode paces by.
    private(set) var visits = 0
    /// Pair cells marked so far.
    private(set) var pairs = 0
    /// Set by `Heap.checkGenerations`: the marker then marks nothing and counts, in `missed`,
    /// every reference to young data that the collection did not reach.
    var checking = false
    /// What `checking` found.
    private(set) var missed = 0

    init(epoch: UInt32, objectEpoch: UInt32, stamp: UInt32, minor: Bool) {
        self.epoch = epoch
        self.objectEpoch = objectEpoch
        self.stamp = stamp
        skipGeneration = minor ? HeapObject.old : 0
    }

    /// Marks the object behind `v`, if any.
    @inline(__always) public mutating func mark(_ v: Value) {
        switch v {
        case .pair(let p): markPair(p)
        case .closure(let c): markRun(c.run)
        case .record(let r): markRun(r.run)
        case .symbol(let s): push(s.toOpaque())
        case .string(let s): markPair(s.head)
        case .bytevector(let b): markPair(b.run.head)
        case .vector(let x): markRun(x.run)
        case .procedure(let p): push(p.toOpaque())
        case .object(let o): push(o.toOpaque())
        case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char: break
        }
    }

    /// Marks an object held directly by reference.
    public mutating func markObject(_ o: HeapObject) {
        push(Unmanaged.passUnretained(o).toOpaque())
    }

    /// Marks an object held unretained.
    mutating func markObject(_ o: Unmanaged<HeapObject>) {
        push(o.toOpaque())
    }

    /// Marks a pair cell (it is old from now on); its fields are followed by `drain`. A pair
    /// already marked `epoch` is done: reached before in this collection, or, in a minor one, old
    /// (the remembered set covers what an old pair refers to that it does not keep alive itself).
    @inline(__always) mutating func markPair(_ p: Pair) {
        visits &+= 1
        if p.mark == epoch { return }
        if checking { missed &+= 1; return }
        p.mark = epoch
        let flags = p.flags
        p.flags = flags | Pair.oldFlag
        pairs &+= 1
        if flags & Pair.leafFlag == 0 { pairWork.append(p) } else if flags & Pair.bytesHeadFlag != 0 { markStorage(ByteRun(head: p)) }
    }

    /// Marks the storage of a string or a bytevector (its head is marked): its data cells, or its
    /// `ByteStorage`.
    @inline(never) mutating func markStorage(_ s: ByteRun) {
        let bytes = s.byteCount
        guard bytes > 0 else { return }
        if bytes > ByteRun.longestInCells { return push(s.storage) }
        var cell = s.storage
        for _ in 0..<ByteRun.cells(bytes) {
            let p = Pair(cell: cell)
            if p.mark != epoch {
                p.mark = epoch
                p.flags |= Pair.oldFlag
                pairs &+= 1
            }
            cell += Pair.cellBytes
        }
    }

    /// Marks an object's cells (`CellRun`: a closure, a record, a vector); their fields, its head and its
    /// values, are followed by `drain`. Its cells were made together and are marked together, so
    /// the head's mark stands for all of them.
    @inline(__always) mutating func markRun(_ run: CellRun) {
        let head = Pair(cell: run.cell)
        if head.mark == epoch || checking { return markPair(head) }
        var cell = run.cell
        for _ in 0..<run.cellCount {
            markPair(Pair(cell: cell))
            cell += Pair.cellBytes
        }
    }

    /// Follows the fields of `p` whatever its mark: a remembered old pair.
    mutating func traceFields(_ p: Pair) {
        // (A string's head is remembered when it is widened: its new storage may be young.)
        if p.flags & Pair.bytesHeadFlag != 0 { return markStorage(ByteRun(head: p)) }
        mark(p.car)
        mark(p.cdr)
    }

    /// Follows the fields of `o` whatever its mark or generation: a remembered old object.
    mutating func traceFields(_ o: Unmanaged<HeapObject>) {
        visits &+= 1
        o._withUnsafeGuaranteedRef { $0.trace(&self) }
    }

    @inline(__always) private mutating func push(_ raw: UnsafeMutableRawPointer) {
        visits &+= 1
        let u = Unmanaged<HeapObject>.fromOpaque(raw)
        let fresh = u._withUnsafeGuaranteedRef { o -> Bool in
            if o.markEpoch == objectEpoch || o.generation & skipGeneration != 0 { return false }
            if checking {
                // Unreached young data: freed by this collection, yet an old object refers to it.
                // (Interned symbols are not young objects: the intern table keeps them.)
                let isOld = o.generation & (HeapObject.old | HeapObject.oldRoot) != 0
                let isInterned = (o as? Symbol).map { $0.renamed == nil } ?? false
                if !isOld && !isInterned { missed &+= 1 }
                return false
            }
            o.markEpoch = objectEpoch
            return true
        }
        if fresh { work.append(u) }
    }

    mutating func drain() {
        while true {
            if var p = pairWork.popLast() {
                // Down a list's spine in a loop: a long list costs no worklist entry per pair.
                while true {
                    mark(p.car)
                    let next = p.cdr
                    guard case .pair(let q) = next else { mark(next); break }
                    visits &+= 1
                    if q.mark == epoch { break }
                    q.mark = epoch
                    q.flags |= Pair.oldFlag
                    pairs &+= 1
                    p = q
                }
            } else if let u = work.popLast() {
                u._withUnsafeGuaranteedRef { $0.trace(&self) }
            } else {
                return
            }
        }
    }
}
