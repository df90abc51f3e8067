/// The owner of every collectable object, and its mark-sweep collector.
///
/// Invariant: the heap's `objects` array holds the only strong reference to each collectable object;
/// values refer to objects through `Unmanaged`. Collection happens only at VM safe points (calls and
/// loop back edges), never inside an allocation, so Swift code that allocates and returns without
/// running Scheme code (most builtins, the reader, the expander, the compiler) needs no rooting.
/// An object survives a collection iff it is reachable from
/// - the VM's stacks, the symbols (their globals and macros) and live continuations;
/// - handles Swift holds on purpose (`Scheme.retain`, `Runtime.keeping`);
/// - or it is protected: a run of the VM that Swift starts while already inside one (a builtin
///   calling back into Scheme, library loading, `include`, an embedder's builtin calling `Scheme.call`)
///   or from runtime code (`VM.run` keeps by default) protects every object that exists when it
///   starts, until it ends (`protectedCount`). Whatever Swift holds when it calls into the VM existed
///   before that call, so no Swift local, array or struct can lose its values, however it got them.
///   Only the embedding API's own top-level calls (`Scheme.evaluate`, `call`, `load`) collect
///   everything unreachable: a host keeps a value across them with `Scheme.retain` or `keeping`.
/// `stressInterval` makes collections frequent, for tests.
final class Heap {
    @exclusivity(unchecked) private(set) var objects: [HeapObject] = []
    /// Objects that are never swept (interned symbols), still marked so epochs stay consistent.
    private var epoch: UInt32 = 1
    /// Bytes allocated since the last collection.
    @exclusivity(unchecked) private(set) var allocatedSinceCollection = 0
    /// Estimated live bytes after the last collection.
    public private(set) var liveBytes = 0
    /// Collect when `allocatedSinceCollection` passes this (0 in stress mode: every safe point asks).
    @exclusivity(unchecked) private var threshold = 4 << 20
    /// The threshold without stress mode: stress collections never come later than ordinary ones.
    private var regularThreshold = 4 << 20
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
    private(set) var lastCollectionCost = 0
    /// The heap limit (live bytes), if any: collections come early enough that the heap does not
    /// grow far past it between two (see `setThreshold`).
    public var limit: Int? {
        didSet { setThreshold() }
    }
    /// Bytes of objects that are never collected (interned symbols), counted in `liveBytes`.
    public private(set) var permanentBytes = 0
    /// How many collections have run.
    public private(set) var collections = 0
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

    /// Takes ownership of `object` and returns it.
    @inline(__always) @discardableResult
    public func own<T: HeapObject>(_ object: T) -> T {
        objects.append(object)
        allocatedSinceCollection &+= object.byteSize
        return object
    }

    /// Counts `bytes` of growth inside an object already owned (a string port's buffer, a hash table's
    /// entries): such growth allocates no new object, yet must bring the next collection, and with it
    /// the heap-limit check, as close as an allocation would.
    @inline(__always) public func charge(_ bytes: Int) {
        allocatedSinceCollection &+= bytes
    }

    /// Bytes allocated past the point where a safe point would have collected: work outside the
    /// dispatch loop (reading, expanding, a builtin) cannot collect, so the limits check this.
    var overdraft: Int { allocatedSinceCollection &- regularThreshold }

    /// Counts `bytes` of memory that is never collected (an interned symbol): it stays in
    /// `liveBytes`, so the heap limit bounds it too.
    public func chargePermanent(_ bytes: Int) {
        permanentBytes &+= bytes
        allocatedSinceCollection &+= bytes
    }

    /// Allocated bytes before the next collection: as many as are live (at least 4 MB), but under a
    /// limit no more than the room left below it (at least a sixteenth of the limit, so a heap close
    /// to its limit is not collected at every safe point).
    private func setThreshold() {
        let grown = max(4 << 20, liveBytes)
        regularThreshold = limit.map { min(grown, max($0 - liveBytes, $0 / 16)) } ?? grown
        threshold = stressInterval > 0 ? 0 : regularThreshold
    }

    /// Allocates a pair: a dead one the last collection left for reuse if there is one (no malloc,
    /// no free, no retain or release: see `freeNext`), else a new one.
    @inline(__always) public func cons(_ car: Value, _ cdr: Value) -> Value {
        allocatedSinceCollection &+= Heap.pairBytes
        if freeNext < freeEnd && freeNext >= protectedCount {
            // The last one first: the sweep touched it last, so it is the likeliest in the cache
            // (an earlier reuse region handed out the longest dead first, and was slower: see
            // bench/README.md). The slot's reference is read as bits: `objects` keeps owning the
            // pair, which is live again.
            freeEnd &-= 1
            let u = objects.withUnsafeBufferPointer { b in
                Unmanaged<Pair>.fromOpaque(UnsafeRawPointer(b.baseAddress.unsafelyUnwrapped + freeEnd)
                    .load(as: UnsafeRawPointer.self))
            }
            u._withUnsafeGuaranteedRef { p in
                p.car = car
                p.cdr = cdr
            }
            return .pair(u)
        }
        let p = Pair(car, cdr)
        let u = Unmanaged.passUnretained(p)
        objects.append(p)
        return .pair(u)
    }

    /// `objects[freeNext..<freeEnd]` are plain pairs (not `LocatedPair`s) that the last collection
    /// found unreachable and held by nothing but this heap, left in place for `cons` to reuse: list
    /// programs spent a third of their time in malloc and free for pairs (`bench/README.md`, "Where
    /// htll's time goes today"), and moving them to a list of their own cost a retain and a release
    /// each. An unreachable pair's identity cannot be observed, as with an address malloc hands out
    /// again. Their fields are cleared, so marking them (a run that protects every object, see
    /// `protectedCount`) follows nothing; `cons` takes none inside the protected prefix, so a pair
    /// made during such a run is collectable as any other. Unused ones are reconsidered by the next
    /// sweep, with the other dead objects.
    @exclusivity(unchecked) private var freeNext = 0
    /// The end of the reusable pairs (see `freeNext`).
    @exclusivity(unchecked) private var freeEnd = 0
    /// Most pairs kept for reuse: more than one collection cycle's worth at the 4 MB threshold
    /// (87,000 pairs), so a steady list program mallocs nothing, while a heap that shrank returns
    /// the rest of its memory.
    static let maxFreePairs = 1 << 17
    /// The `byteSize` of a plain pair.
    static let pairBytes = 48

    /// Allocates a pair that remembers the source location `location` (a plain pair when unknown).
    public func cons(_ car: Value, _ cdr: Value, at location: SourceLocation) -> Value {
        guard location.isKnown else { return cons(car, cdr) }
        return .pair(Unmanaged.passUnretained(own(LocatedPair(car, cdr, at: location))))
    }

    /// A proper list of `items`.
    public func list(_ items: [Value], tail: Value = .null) -> Value {
        var result = tail
        for v in items.reversed() { result = cons(v, result) }
        return result
    }

    /// Allocates a string.
    public func string(_ s: String) -> Value { .string(Unmanaged.passUnretained(own(SString(s)))) }

    /// Allocates a vector.
    public func vector(_ items: [Value]) -> Value { .vector(Unmanaged.passUnretained(own(SVector(items)))) }

    /// Wraps an owned non-procedure object as a value.
    public func object(_ o: HeapObject) -> Value { .object(Unmanaged.passUnretained(own(o))) }

    /// Runs a collection: marks from `roots` and the protected objects, then drops every other
    /// unreached object.
    public func collect(roots: (inout Marker) -> Void) {
        epoch &+= 1
        if epoch == 0 { epoch = 1 }
        var marker = Marker(epoch: epoch)
        roots(&marker)
        for i in 0..<protectedCount { marker.markObject(objects[i]) }
        marker.drain()
        lastCollectionCost = marker.visits
        let live = sweep()
        liveBytes = live &+ permanentBytes
        allocatedSinceCollection = 0
        setThreshold()
        collections += 1
    }

    /// Drops every object past the protected prefix that this collection's epoch did not mark,
    /// leaving the plain pairs among them in place for reuse (up to `maxFreePairs`, right after the
    /// survivors: see `freeNext`); returns the live bytes.
    /// Compacts in place, in order: the protected prefix stays as it is, so `protectedCount` of every
    /// enclosing run still counts the same objects, and the survivors keep their order. (Swapping in
    /// place moves references without retaining them; copying the survivors to a new array retained
    /// and released each one at every collection.)
    private func sweep() -> Int {
        var live = 0
        let first = protectedCount
        var kept = first
        var reusable = first
        objects.withUnsafeMutableBufferPointer { objects in
            for i in 0..<first { live &+= objects[i].byteSize }
            for i in first..<objects.count where objects[i].markEpoch == epoch {
                live &+= objects[i].byteSize
                if i != kept { objects.swapAt(i, kept) }
                kept += 1
            }
            // `objects[kept...]` are unreached now. A pair something in Swift still holds strongly
            // (against the invariant, but then it lives on as before) is never reused.
            reusable = kept
            var i = kept
            while i < objects.count && reusable - kept < Heap.maxFreePairs {
                if type(of: objects[i]) == Pair.self, isKnownUniquelyReferenced(&objects[i]) {
                    Unmanaged.passUnretained(objects[i])._withUnsafeGuaranteedRef { o in
                        let p = unsafeDowncast(o, to: Pair.self)
                        p.car = .null
                        p.cdr = .null
                    }
                    if i != reusable { objects.swapAt(i, reusable) }
                    reusable += 1
                }
                i += 1
            }
        }
        objects.removeSubrange(reusable...)  // releases every unreached object not kept for reuse
        freeNext = kept
        freeEnd = reusable
        return live
    }

    /// Dead pairs kept for reuse right now (for tests).
    var reusablePairCount: Int { freeEnd - freeNext }

    /// Total objects owned right now (not counting the dead pairs kept for reuse).
    public var objectCount: Int { objects.count - (freeEnd - freeNext) }

    /// Where the next new object goes in `objects`: a run that protects every object that exists
    /// sets `protectedCount` to it (the dead pairs kept for reuse included).
    var objectsEnd: Int { objects.count }
}

/// The collector's mark phase: a worklist, so marking deep structures never recurses on the Swift stack.
struct Marker {
    let epoch: UInt32
    private var work: [Unmanaged<HeapObject>] = []
    /// References followed so far: the cost of the collection, which stress mode paces by.
    private(set) var visits = 0

    init(epoch: UInt32) { self.epoch = epoch }

    /// Marks the object behind `v`, if any.
    @inline(__always) public mutating func mark(_ v: Value) {
        switch v {
        case .pair(let p): push(p.toOpaque())
        case .symbol(let s): push(s.toOpaque())
        case .string(let s): push(s.toOpaque())
        case .vector(let x): push(x.toOpaque())
        case .procedure(let p): push(p.toOpaque())
        case .object(let o): push(o.toOpaque())
        default: break
        }
    }

    /// Marks an object held directly by reference.
    public mutating func markObject(_ o: HeapObject) {
        push(Unmanaged.passUnretained(o).toOpaque())
    }

    @inline(__always) private mutating func push(_ raw: UnsafeMutableRawPointer) {
        visits &+= 1
        let u = Unmanaged<HeapObject>.fromOpaque(raw)
        let fresh = u._withUnsafeGuaranteedRef { o -> Bool in
            if o.markEpoch == epoch { return false }
            o.markEpoch = epoch
            return true
        }
        if fresh { work.append(u) }
    }

    mutating func drain() {
        while let u = work.popLast() {
            u._withUnsafeGuaranteedRef { $0.trace(&self) }
        }
    }
}
