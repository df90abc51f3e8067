/// `equal?` and content hashing, shared by the equality builtins and `equal?` hash tables.
///
/// Both walk structure with an explicit worklist, so deep nesting never recurses on the Swift stack,
/// and both terminate on circular structure (see `equal`).
enum Equality {
    /// Comparisons after which `equal` starts remembering pairs it has entered (cycle detection costs
    /// a set insertion per node, so small comparisons skip it).
    private static let cycleCheckAfter = 1_000

    /// `equal?`: structural equality on pairs, vectors, strings and bytevectors, else `eqv?`.
    ///
    /// Why it terminates on cycles: once large, every (pair, pair) or (vector, vector) comparison
    /// entered is remembered and assumed equal if met again (a bisimulation check), and there are
    /// finitely many such combinations.
    /// Why it is fast: it follows the `car`s in a loop and stacks only `cdr`s that differ (a list's
    /// shared tail, a chain of `car`s whose `cdr`s are atoms, stack nothing), reads pairs without
    /// retaining them, and remembers pairs in `PairSet`, not a `Set` hashed by SipHash.
    static func equal(_ a: Value, _ b: Value) -> Bool {
        // Fast paths for atoms and strings, which need no worklist (hash table keys, mostly).
        if a.isEqv(b) { return true }
        switch (a, b) {
        case let (.string(s), .string(t)): return SString.sameScalars(s, t)
        case let (.bytevector(b), .bytevector(c)): return SBytevector.sameBytes(b, c)
        case (.pair, .pair), (.vector, .vector): break
        default: return false
        }
        var work: [(Value, Value)] = []
        var seen = PairSet()
        var steps = 0
        var x = a, y = b
        while true {
            if !x.isEqv(y) {
                switch (x, y) {
                case let (.pair(p), .pair(q)):
                    steps += 1
                    if steps <= cycleCheckAfter || seen.insert(p.toOpaque(), q.toOpaque()) {
                        let (xa, xd) = (p.car, p.cdr)
                        let (ya, yd) = (q.car, q.cdr)
                        if !xd.isEq(yd) { work.append((xd, yd)) }
                        x = xa
                        y = ya
                        continue
                    }
                case let (.string(s), .string(t)):
                    if !SString.sameScalars(s, t) { return false }
                case let (.vector(v), .vector(w)):
                    let vi = v.items, wi = w.items
                    if vi.count != wi.count { return false }
                    steps += 1
                    if steps <= cycleCheckAfter || seen.insert(v.toOpaque(), w.toOpaque()) {
                        for i in stride(from: vi.count - 1, through: 0, by: -1) where !vi[i].isEq(wi[i]) {
                            work.append((vi[i], wi[i]))
                        }
                    }
                case let (.bytevector(b), .bytevector(c)):
                    if !SBytevector.sameBytes(b, c) { return false }
                default:
                    return false
                }
            }
            guard let next = work.popLast() else { return true }
            (x, y) = next
        }
    }

    /// How many nodes `hash` looks at, at most: enough to spread typical keys, bounded for huge ones.
    private static let hashBudget = 64

    /// A string's length and its first 256 characters, as bytes (one call, not one per character).
    /// A narrow string's are widened first, so that equal strings hash alike whatever their widths.
    @inline(__always) private static func hashScalars(of string: SString, into hasher: inout Hasher) {
        do {
            hasher.combine(string.count)
            string.withStorage(narrow: { bytes in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { wide in
                    let n = min(bytes.count, 256)
                    for i in 0..<n { wide[i] = UInt32(bytes[i]) }
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(wide)[..<(n &* 4)]))
                }
            }, wide: { scalars in
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(scalars).prefix(1024)))
            })
        }
    }

    /// The hash of `v` (see `hash(_:structural:into:)`), seeded per process as Swift's `Hasher` is.
    static func hashValue(_ v: Value, structural: Bool) -> Int {
        // Symbols and procedures (and, compared by identity, pairs, vectors and strings) hash by
        // address, mixed in place: a Hasher's setup and finalization were most of an eq? table's
        // lookup (the layout prelude asks its symbol tables several times for every view, issue
        // 19). An address is not the program's to choose, so needs no seeded hash.
        switch v {
        case .symbol(let s): return identityHash(s.toOpaque())
        case .procedure(let p): return identityHash(p.toOpaque())
        case .closure(let c): return identityHash(c.toOpaque())
        case .record(let r) where !r.role.isNumber: return identityHash(r.run.cell)
        case .pair(let p) where !structural: return identityHash(p.toOpaque())
        case .vector(let w) where !structural: return identityHash(w.toOpaque())
        case .string(let w) where !structural: return identityHash(w.toOpaque())
        case .bytevector(let w) where !structural: return identityHash(w.toOpaque())
        case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char, .pair, .vector, .string, .bytevector, .record,
             .object:
            break
        }
        var hasher = Hasher()
        hash(v, structural: structural, into: &hasher)
        return hasher.finalize()
    }

    /// `addressHash` with its high bits folded onto the low ones (a hash table picks its slot with
    /// the low bits).
    @inline(__always) static func identityHash(_ address: UnsafeMutableRawPointer) -> Int {
        let x = addressHash(UInt(bitPattern: address))
        return Int(truncatingIfNeeded: x ^ (x >> 32))
    }

    /// Hashes `v` so that `equal?` values hash alike (`structural`), or `eqv?` values alike.
    static func hash(_ v: Value, structural: Bool, into hasher: inout Hasher) {
        // Only a pair or a vector compared structurally has parts to follow: any other key (every
        // key of an eq? or eqv? table) hashes alone, without the work list (an array allocated
        // per call: about 170 of the 540 instructions of an eq? table's lookup, issue 19).
        switch v {
        case .pair where structural, .vector where structural:
            break
        case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char, .symbol, .procedure, .closure, .record, .pair, .string,
             .vector, .bytevector, .object:
            hashLeaf(v, structural: structural, into: &hasher)
            return
        }
        var work: [Value] = [v]
        var budget = hashBudget
        while let x = work.popLast(), budget > 0 {
            budget -= 1
            switch x {
            case .pair(let p) where structural:
                hasher.combine(6 as UInt8)
                work.append(p.cdr)
                work.append(p.car)
            case .vector(let w) where structural:
                let items = w.items
                hasher.combine(items.count)
                for i in items.prefix(16).reversed() { work.append(i) }
            case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char, .symbol, .procedure, .closure, .record, .pair,
                 .string, .vector, .bytevector, .object:
                hashLeaf(x, structural: structural, into: &hasher)
            }
        }
    }

    /// Hashes `v` without its parts: a pair or vector by identity (the caller follows their parts
    /// when `structural`), a string by its characters when `structural`, a heap number by value.
    @inline(__always) private static func hashLeaf(_ v: Value, structural: Bool, into hasher: inout Hasher) {
        switch v {
        case .null: hasher.combine(1 as UInt8)
        case .unspecified: hasher.combine(2 as UInt8)
        case .undefined: hasher.combine(3 as UInt8)
        case .eof: hasher.combine(4 as UInt8)
        case .bool(let b): hasher.combine(b)
        case .fixnum(let n): hasher.combine(n)
        case .flonum(let d): hasher.combine(d.bitPattern)
        case .char(let c): hasher.combine(c); hasher.combine(5 as UInt8)
        case .symbol(let s): hasher.combine(s.toOpaque())
        case .procedure(let p): hasher.combine(p.toOpaque())
        case .closure(let c): hasher.combine(c.toOpaque())
        case .record(let r):
            // Complex numbers and ratios are eqv? by value: hashed by their parts.
            if !r.role.isNumber || !Numbers.hashHeapNumber(v, into: &hasher) { hasher.combine(r.run.cell) }
        case .pair(let p): hasher.combine(p.toOpaque())
        case .vector(let w): hasher.combine(w.toOpaque())
        case .string(let s):
            if structural {
                hashScalars(of: s, into: &hasher)
            } else {
                hasher.combine(s.toOpaque())
            }
        case .bytevector(let b):
            if structural {
                hasher.combine(b.count)
                for byte in b.bytes(0..<min(b.count, 256)) { hasher.combine(byte) }
            } else {
                hasher.combine(b.toOpaque())
            }
        case .object(let o):
            if Numbers.hashHeapNumber(v, into: &hasher) {
                // Heap numbers are eqv? by value: hashed by (a bounded part of) their value.
            } else {
                hasher.combine(o.toOpaque())
            }
        }
    }
}

/// Equivalence and type predicates: `eq? eqv? equal? not boolean? …`.
let equalityBuiltins: [Builtin] = [
    Builtin("eq?", .exactly(2)) { a, _ throws(SchemeRaise) in .bool(a[0].isEq(a[1])) },
    Builtin("eqv?", .exactly(2)) { a, _ throws(SchemeRaise) in .bool(a[0].isEqv(a[1])) },
    Builtin("equal?", .exactly(2)) { a, _ throws(SchemeRaise) in .bool(Equality.equal(a[0], a[1])) },
    Builtin("not", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(!a[0].isTrue) },
    Builtin("boolean?", .exactly(1)) { a, _ throws(SchemeRaise) in if case .bool = a[0] { return .true } else { return .false } },
    Builtin("boolean=?", .atLeast(2)) { a, rt throws(SchemeRaise) in try allSame(a, "boolean=?", rt) { v, rt throws(SchemeRaise) in
        if case .bool(let b) = v { return b ? 1 : 0 }; throw rt.typeError("boolean=?", "a boolean", v) } },
    Builtin("procedure?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].isProcedure) },
    Builtin("eof-object", .exactly(0)) { _, _ throws(SchemeRaise) in .eof },
    Builtin("eof-object?", .exactly(1)) { a, _ throws(SchemeRaise) in if case .eof = a[0] { return .true } else { return .false } },
    Builtin("default-object?", .exactly(1)) { a, _ throws(SchemeRaise) in if case .undefined = a[0] { return .true } else { return .false } },
]

/// Checks that every argument maps to the same key (for `boolean=?`, `symbol=?`).
func allSame(_ a: Arguments, _ who: String, _ rt: Runtime,
             _ key: (Value, Runtime) throws(SchemeRaise) -> UInt) throws(SchemeRaise) -> Value {
    let first = try key(a[0], rt)
    var same = true
    for i in 1..<a.count where try key(a[i], rt) != first { same = false }
    return .bool(same)
}
