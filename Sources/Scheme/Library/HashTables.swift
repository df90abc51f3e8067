/// A SRFI 69 hash table: insertion-ordered (so iteration, and any code generated from it, is
/// deterministic across runs even though Swift's hashing is seeded per process).
final class HashTable: HeapObject {
    /// Which equivalence the table uses for keys.
    public enum Mode: UInt8 { case eq, eqv, equal }

    /// An association, with its key's hash (kept: growing the index rehashes nothing).
    struct Entry {
        var key: Value
        var value: Value
        let hash: Int
        var live: Bool
    }

    public let mode: Mode
    /// Entries in insertion order; a removed one stays, not live, until `compact`. (Unchecked
    /// exclusivity: hashing and comparing keys is Swift alone, never Scheme code that could reach
    /// the table during an access; the dynamic checks were about 65 instructions each.)
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// Open addressing, linear probing: each slot holds an index into `entries`, or `emptySlot`.
    /// Why not a `Dictionary` of keys: it rehashed every key each time it grew and hashed keys
    /// twice on an insert, and `hash-table-set!` cost about 2,100 instructions (10,000 of them in a
    /// layout of 10,000 views, issue 19). Removal leaves the slot pointing at a dead entry (a
    /// tombstone) until the table is compacted.
    @exclusivity(unchecked) private var slots: [Int32] = []
    private var liveCount = 0
    private static let emptySlot: Int32 = -1

    init(mode: Mode) { self.mode = mode }

    /// The number of associations.
    public var count: Int { liveCount }

    private func hash(_ key: Value) -> Int {
        Equality.hashValue(key, structural: mode == .equal)
    }

    private func same(_ x: Value, _ y: Value) -> Bool {
        switch mode {
        case .eq: return x.isEq(y)
        case .eqv: return x.isEqv(y)
        case .equal: return Equality.equal(x, y)
        }
    }

    /// The slot of `key` (hashed `h`), or of the empty slot where it would go.
    private func find(_ key: Value, _ h: Int) -> (slot: Int, found: Bool) {
        let mask = slots.count - 1
        var i = h & mask
        while true {
            let e = slots[i]
            if e == HashTable.emptySlot { return (i, false) }
            let entry = entries[Int(e)]
            if entry.hash == h && entry.live && same(entry.key, key) { return (i, true) }
            i = (i + 1) & mask
        }
    }

    /// What `(hash-table-ref/default table key otherwise)` gives when `table` is a hash table; nil
    /// when it is not (the builtin then says so). Out of line, its operands by value, for the
    /// `hashTableRef` opcode: the layout prelude asks its symbol tables several times a view, and
    /// a builtin's call cost about 200 instructions more than the lookup.
    @inline(never) static func ref(_ table: Value, _ key: Value, orElse otherwise: Value) -> Value? {
        guard case .object(let o) = table, o._withUnsafeGuaranteedRef({ Swift.type(of: $0) == HashTable.self }) else { return nil }
        return unsafeBitCast(o, to: Unmanaged<HashTable>.self)._withUnsafeGuaranteedRef { $0.get(key) } ?? otherwise
    }

    /// The value stored under `key`, if any.
    public func get(_ key: Value) -> Value? {
        guard liveCount > 0 else { return nil }
        let (slot, found) = find(key, hash(key))
        return found ? entries[Int(slots[slot])].value : nil
    }

    /// Associates `value` with `key`, through `heap`'s write barrier; returns whether the key is new.
    @discardableResult
    public func set(_ key: Value, _ value: Value, _ heap: Heap) -> Bool {
        heap.written(self)
        // At most half full, counting the slots of removed entries (which stay until `compact`).
        if (entries.count + 1) * 2 > slots.count { grow() }
        let h = hash(key)
        let (slot, found) = find(key, h)
        if found {
            entries[Int(slots[slot])].value = value
            return false
        }
        slots[slot] = Int32(truncatingIfNeeded: entries.count)
        entries.append(Entry(key: key, value: value, hash: h, live: true))
        liveCount += 1
        return true
    }

    /// Removes `key`'s association, if any.
    public func remove(_ key: Value) {
        guard liveCount > 0 else { return }
        let (slot, found) = find(key, hash(key))
        guard found else { return }
        entries[Int(slots[slot])].live = false
        liveCount -= 1
        if entries.count > 32 && liveCount < entries.count / 2 { compact() }
    }

    /// Room for twice as many entries (at least 8 slots), the index rebuilt from the kept hashes.
    private func grow() {
        compactEntries()
        var size = max(8, slots.count)
        while size < (entries.count + 1) * 2 { size *= 2 }
        rebuildIndex(size: size)
    }

    /// Drops removed entries (keeps insertion order) and rebuilds the index.
    private func compact() {
        compactEntries()
        rebuildIndex(size: max(8, slots.count))
    }

    private func compactEntries() {
        if liveCount < entries.count { entries.removeAll { !$0.live } }
    }

    private func rebuildIndex(size: Int) {
        slots = Array(repeating: HashTable.emptySlot, count: size)
        let mask = size - 1
        for (n, e) in entries.enumerated() {
            var i = e.hash & mask
            while slots[i] != HashTable.emptySlot { i = (i + 1) & mask }
            slots[i] = Int32(truncatingIfNeeded: n)
        }
    }

    public func clear() {
        entries.removeAll()
        slots.removeAll()
        liveCount = 0
    }

    /// Every association, in insertion order.
    public var pairs: [(key: Value, value: Value)] { entries.compactMap { $0.live ? (key: $0.key, value: $0.value) : nil } }

    func copy() -> HashTable {
        let t = HashTable(mode: mode)
        t.entries = entries
        t.slots = slots
        t.liveCount = liveCount
        return t
    }

    override func trace(_ marker: inout Marker) {
        for e in entries where e.live {
            marker.mark(e.key)
            marker.mark(e.value)
        }
    }
    public override var byteSize: Int { 64 + entries.count * 48 + slots.count * 4 }
    override var hasWriteBarrier: Bool { true }
    public override var typeName: String { "hash-table" }
}

extension Runtime {
    func hashTable(_ v: Value, _ who: String) throws(SchemeRaise) -> HashTable {
        try object(v, HashTable.self, who, "a hash table")
    }

    /// The table mode for an equivalence procedure argument, recognised by identity with the globals.
    func hashMode(_ a: Arguments, _ i: Int, _ who: String) throws(SchemeRaise) -> HashTable.Mode {
        guard i < a.count else { return .equal }
        let p = a[i]
        if p.isEq(systemValue("equal?")) || p.isEq(systemValue("string=?")) { return .equal }
        if p.isEq(systemValue("eq?")) { return .eq }
        if p.isEq(systemValue("eqv?")) || p.isEq(systemValue("=")) { return .eqv }
        throw error("\(who): unsupported equivalence procedure (use equal?, eqv?, eq? or string=?)", p)
    }
}

/// `make-hash-table hash-table-ref/default hash-table-set! …` (SRFI 69 names). Those taking
/// procedures (`hash-table-ref` with a thunk, `hash-table-update!`, `hash-table-walk`) are Scheme.
let hashTableBuiltins: [Builtin] = [
    Builtin("make-hash-table", .range(0, 3)) { a, rt throws(SchemeRaise) in rt.heap.object(HashTable(mode: try rt.hashMode(a, 0, "make-hash-table"))) },
    Builtin("make-equal-hash-table", .range(0, 1)) { _, rt throws(SchemeRaise) in rt.heap.object(HashTable(mode: .equal)) },
    Builtin("make-eqv-hash-table", .range(0, 1)) { _, rt throws(SchemeRaise) in rt.heap.object(HashTable(mode: .eqv)) },
    Builtin("make-eq-hash-table", .range(0, 1)) { _, rt throws(SchemeRaise) in rt.heap.object(HashTable(mode: .eq)) },
    Builtin("make-string-hash-table", .range(0, 1)) { _, rt throws(SchemeRaise) in rt.heap.object(HashTable(mode: .equal)) },
    Builtin("hash-table?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].object(HashTable.self) != nil) },
    Builtin("hash-table-ref/default", .exactly(3)) { a, rt throws(SchemeRaise) in try rt.hashTable(a[0], "hash-table-ref/default").get(a[1]) ?? a[2] },
    // A new entry may allocate no object (fixnum keys) yet must count toward the heap limit.
    Builtin("hash-table-set!", .exactly(3)) { a, rt throws(SchemeRaise) in if try rt.hashTable(a[0], "hash-table-set!").set(a[1], a[2], rt.heap) { rt.heap.charge(48) }; return .unspecified },
    Builtin("hash-table-delete!", .exactly(2)) { a, rt throws(SchemeRaise) in try rt.hashTable(a[0], "hash-table-delete!").remove(a[1]); return .unspecified },
    Builtin("hash-table-contains?", .exactly(2)) { a, rt throws(SchemeRaise) in .bool(try rt.hashTable(a[0], "hash-table-contains?").get(a[1]) != nil) },
    Builtin("hash-table-exists?", .exactly(2)) { a, rt throws(SchemeRaise) in .bool(try rt.hashTable(a[0], "hash-table-exists?").get(a[1]) != nil) },
    Builtin("hash-table-count", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(try rt.hashTable(a[0], "hash-table-count").count) },
    Builtin("hash-table-size", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(try rt.hashTable(a[0], "hash-table-size").count) },
    Builtin("hash-table-keys", .exactly(1)) { a, rt throws(SchemeRaise) in rt.heap.list(try rt.hashTable(a[0], "hash-table-keys").pairs.map { $0.key }) },
    Builtin("hash-table-values", .exactly(1)) { a, rt throws(SchemeRaise) in rt.heap.list(try rt.hashTable(a[0], "hash-table-values").pairs.map { $0.value }) },
    Builtin("hash-table->alist", .exactly(1)) { a, rt throws(SchemeRaise) in
        rt.heap.list(try rt.hashTable(a[0], "hash-table->alist").pairs.map { rt.heap.cons($0.key, $0.value) }) },
    Builtin("alist->hash-table", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let t = HashTable(mode: try rt.hashMode(a, 1, "alist->hash-table"))
        for entry in try rt.list(a[0], "alist->hash-table") {
            let p = try rt.pair(entry, "alist->hash-table")
            if t.get(p.car) == nil { t.set(p.car, p.cdr, rt.heap) }  // the first occurrence wins, as with assoc
        }
        return rt.heap.object(t) },
    Builtin("hash-table-copy", .range(1, 2)) { a, rt throws(SchemeRaise) in rt.heap.object(try rt.hashTable(a[0], "hash-table-copy").copy()) },
    Builtin("hash-table-clear!", .exactly(1)) { a, rt throws(SchemeRaise) in try rt.hashTable(a[0], "hash-table-clear!").clear(); return .unspecified },
    Builtin("hash", .range(1, 2)) { a, _ throws(SchemeRaise) in .fixnum(Equality.hashValue(a[0], structural: true) & Int.max) },
]
