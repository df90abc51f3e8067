/// A SRFI 69 hash table: insertion-ordered (so iteration, and any code generated from it, is
/// deterministic across runs even though Swift's hashing is seeded per process).
final class HashTable: HeapObject {
    /// Which equivalence the table uses for keys.
    public enum Mode: UInt8 { case eq, eqv, equal }

    /// A key under the table's equivalence.
    struct Key: Hashable {
        let value: Value
        let mode: Mode
        static func == (x: Key, y: Key) -> Bool {
            switch x.mode {
            case .eq: return x.value.isEq(y.value)
            case .eqv: return x.value.isEqv(y.value)
            case .equal: return Equality.equal(x.value, y.value)
            }
        }
        func hash(into hasher: inout Hasher) {
            Equality.hash(value, structural: mode == .equal, into: &hasher)
        }
    }

    public let mode: Mode
    /// Slot of each key in `entries`. (Unchecked exclusivity, like `entries`: hashing and comparing
    /// keys is Swift alone, never Scheme code that could reach the table during an access, and the
    /// dynamic checks were about 65 instructions each: 9 M instructions of compiling a layout of
    /// 10,000 views, issue 19.)
    @exclusivity(unchecked) private var index: [Key: Int] = [:]
    /// Entries in insertion order; nil marks a deleted one.
    @exclusivity(unchecked) private var entries: [(key: Value, value: Value)?] = []

    init(mode: Mode) { self.mode = mode }

    /// The number of associations.
    public var count: Int { index.count }

    /// The value stored under `key`, if any.
    public func get(_ key: Value) -> Value? {
        guard let i = index[Key(value: key, mode: mode)] else { return nil }
        return entries[i]?.value
    }

    /// Stores `value` under `key`; returns whether that added an entry.
    @discardableResult
    public func set(_ key: Value, _ value: Value) -> Bool {
        let k = Key(value: key, mode: mode)
        if let i = index[k] {
            entries[i] = (key: entries[i]?.key ?? key, value: value)
            return false
        }
        index[k] = entries.count
        entries.append((key: key, value: value))
        return true
    }

    /// Removes `key`'s association, if any.
    public func remove(_ key: Value) {
        guard let i = index.removeValue(forKey: Key(value: key, mode: mode)) else { return }
        entries[i] = nil
        if entries.count > 32 && index.count < entries.count / 2 { compact() }
    }

    /// Drops deleted slots (keeps insertion order).
    private func compact() {
        entries = entries.filter { $0 != nil }
        index.removeAll(keepingCapacity: true)
        for (i, e) in entries.enumerated() {
            if let e { index[Key(value: e.key, mode: mode)] = i }
        }
    }

    public func clear() {
        index.removeAll()
        entries.removeAll()
    }

    /// Every association, in insertion order.
    public var pairs: [(key: Value, value: Value)] { entries.compactMap { $0 } }

    func copy() -> HashTable {
        let t = HashTable(mode: mode)
        t.index = index
        t.entries = entries
        return t
    }

    override func trace(_ marker: inout Marker) {
        for case let e? in entries {
            marker.mark(e.key)
            marker.mark(e.value)
        }
    }
    public override var byteSize: Int { 64 + entries.count * 48 }
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
    Builtin("hash-table-set!", .exactly(3)) { a, rt throws(SchemeRaise) in if try rt.hashTable(a[0], "hash-table-set!").set(a[1], a[2]) { rt.heap.charge(48) }; return .unspecified },
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
            if t.get(p.car) == nil { t.set(p.car, p.cdr) }  // the first occurrence wins, as with assoc
        }
        return rt.heap.object(t) },
    Builtin("hash-table-copy", .range(1, 2)) { a, rt throws(SchemeRaise) in rt.heap.object(try rt.hashTable(a[0], "hash-table-copy").copy()) },
    Builtin("hash-table-clear!", .exactly(1)) { a, rt throws(SchemeRaise) in try rt.hashTable(a[0], "hash-table-clear!").clear(); return .unspecified },
    Builtin("hash", .range(1, 2)) { a, _ throws(SchemeRaise) in
        var h = Hasher()
        Equality.hash(a[0], structural: true, into: &h)
        return .fixnum(h.finalize() & Int.max) },
]
