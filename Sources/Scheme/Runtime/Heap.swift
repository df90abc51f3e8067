/// The owner of every collectable object, and its mark-sweep collector.
///
/// Invariant: the heap's `objects` array holds the only strong reference to each collectable object;
/// values refer to objects through `Unmanaged`. An object survives a collection iff it is reachable from
/// the roots the runtime reports (VM stacks, symbols and their globals and macros, live continuations,
/// handles held by Swift). Collection happens only at VM safe points (calls, returns into loops), never
/// inside an allocation, so Swift code that allocates (builtins, the reader, the compiler) needs no
/// rooting of its temporaries. `stress` makes every safe point after any allocation collect.
public final class Heap {
    @exclusivity(unchecked) private(set) var objects: [HeapObject] = []
    /// Objects that are never swept (interned symbols), still marked so epochs stay consistent.
    private var epoch: UInt32 = 1
    /// Bytes allocated since the last collection.
    @exclusivity(unchecked) private(set) var allocatedSinceCollection = 0
    /// Estimated live bytes after the last collection.
    public private(set) var liveBytes = 0
    /// Collect when `allocatedSinceCollection` passes this.
    @exclusivity(unchecked) private var threshold = 4 << 20
    /// Collect at every safe point that follows an allocation (for tests).
    public var stress = false {
        didSet { threshold = nextThreshold() }
    }
    /// The heap limit (live bytes), if any: collections come early enough that the heap does not
    /// grow far past it between two (see `nextThreshold`).
    public var limit: Int? {
        didSet { threshold = nextThreshold() }
    }
    /// Bytes of objects that are never collected (interned symbols), counted in `liveBytes`.
    public private(set) var permanentBytes = 0
    /// How many collections have run.
    public private(set) var collections = 0
    /// Set when a collection is due; the VM polls it at safe points.
    @inline(__always) public var wantsCollection: Bool {
        allocatedSinceCollection > threshold
    }

    public init() {}

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
    var overdraft: Int { allocatedSinceCollection &- threshold }

    /// Counts `bytes` of memory that is never collected (an interned symbol): it stays in
    /// `liveBytes`, so the heap limit bounds it too.
    public func chargePermanent(_ bytes: Int) {
        permanentBytes &+= bytes
        allocatedSinceCollection &+= bytes
    }

    /// Allocated bytes before the next collection: as many as are live (at least 4 MB), but under a
    /// limit no more than the room left below it (at least a sixteenth of the limit, so a heap close
    /// to its limit is not collected at every safe point).
    private func nextThreshold() -> Int {
        if stress { return 0 }
        let grown = max(4 << 20, liveBytes)
        guard let limit else { return grown }
        return min(grown, max(limit - liveBytes, limit / 16))
    }

    /// Allocates a pair.
    @inline(__always) public func cons(_ car: Value, _ cdr: Value) -> Value {
        .pair(Unmanaged.passUnretained(own(Pair(car, cdr))))
    }

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

    /// Runs a full collection: marks from `roots`, then drops every unreached object.
    public func collect(roots: (inout Marker) -> Void) {
        epoch &+= 1
        if epoch == 0 { epoch = 1 }
        var marker = Marker(epoch: epoch)
        roots(&marker)
        marker.drain()
        var live = 0
        var kept: [HeapObject] = []
        kept.reserveCapacity(objects.count / 2 + 16)
        for o in objects where o.markEpoch == epoch {
            kept.append(o)
            live += o.byteSize
        }
        objects = kept  // dropping the old array releases every unmarked object
        liveBytes = live &+ permanentBytes
        allocatedSinceCollection = 0
        threshold = nextThreshold()
        collections += 1
    }

    /// Total objects owned right now.
    public var objectCount: Int { objects.count }
}

/// The collector's mark phase: a worklist, so marking deep structures never recurses on the Swift stack.
public struct Marker {
    let epoch: UInt32
    private var work: [Unmanaged<HeapObject>] = []

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
