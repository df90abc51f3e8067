/// A Scheme value: an immediate, or an unretained reference to an object owned by a `Heap`.
///
/// Why `Unmanaged`: an enum with a class payload retains and releases on every copy (a push, a pop,
/// a local), which costs about 3x in the VM loop; with `Unmanaged` payloads the enum is POD and copies
/// as plain bits. The heap keeps the only strong reference to each object, and the collector decides
/// when it dies, so cycles are freed too (see `Heap`).
public enum Value {
    /// The empty list `'()`.
    case null
    /// What `set!`, `display` and friends return; prints as nothing at the REPL.
    case unspecified
    /// The contents of a variable that has no value yet (`letrec` before its init, unbound globals).
    case undefined
    /// The end-of-file object.
    case eof
    /// `#t` or `#f`.
    case bool(Bool)
    /// An exact integer that fits in 64 bits.
    case fixnum(Int)
    /// An inexact real.
    case flonum(Double)
    /// A character, as its Unicode scalar value.
    case char(UInt32)
    /// A mutable pair.
    case pair(Pair)
    /// An interned symbol, or a renamed identifier made by a macro.
    case symbol(Unmanaged<Symbol>)
    /// A mutable string of Unicode scalars (pair cells, not an object: `SString`).
    case string(SString)
    /// A vector.
    case vector(SVector)
    /// A bytevector (pair cells, not an object: `SBytevector`).
    case bytevector(SBytevector)
    /// A compiled lambda with its captured values (pair cells, not an object: `Closure`).
    case closure(Closure)
    /// An instance of a record type (pair cells, not an object: `Record`).
    case record(Record)
    /// Every other procedure: builtins, continuations, parameters, `case-lambda`s.
    case procedure(Unmanaged<Procedure>)
    /// Every other heap object (promises, hash tables, ports, errors, environments, bignums…).
    case object(Unmanaged<HeapObject>)

    @inline(__always) public static let `true` = Value.bool(true)
    @inline(__always) public static let `false` = Value.bool(false)

    /// Scheme truthiness: everything but `#f` is true.
    @inline(__always) public var isTrue: Bool {
        if case .bool(false) = self { return false }
        return true
    }

    @inline(__always) public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The heap object behind this value, if it is one (retains it: not for hot paths). Pairs,
    /// closures and records are cells, not objects (`Pair`, `Closure`, `Record`).
    public var heapObject: HeapObject? {
        switch self {
        case .symbol(let s): return s.takeUnretainedValue()
        case .procedure(let p): return p.takeUnretainedValue()
        case .object(let o): return o.takeUnretainedValue()
        default: return nil
        }
    }

    /// The closure this value is, or nil.
    @inline(__always) public var asClosure: Closure? {
        if case .closure(let c) = self { return c }
        return nil
    }

    /// The object of type `T` behind this value, or nil.
    @inline(__always) public func object<T: HeapObject>(_ type: T.Type) -> T? {
        if case .object(let o) = self { return o.takeUnretainedValue() as? T }
        if case .procedure(let p) = self { return p.takeUnretainedValue() as? T }
        return nil
    }
}

extension Value {
    /// Whether this value is a pair or an object, which a collection must reach (not an immediate).
    @inline(__always) var refersToHeap: Bool {
        switch self {
        case .pair, .closure, .record, .symbol, .string, .vector, .bytevector, .procedure, .object: return true
        case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char: return false
        }
    }

    /// `eq?`: the same immediate or the same object.
    /// (Inlinable: the HTLL builtins that compare frame expressions call it for every atom kind
    /// they test, and a call across the module boundary was 8% of solving nested aligned splits.)
    @inlinable @inline(__always) public func isEq(_ other: Value) -> Bool {
        switch (self, other) {
        case (.null, .null), (.unspecified, .unspecified), (.undefined, .undefined), (.eof, .eof): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.fixnum(a), .fixnum(b)): return a == b
        case let (.char(a), .char(b)): return a == b
        case let (.flonum(a), .flonum(b)): return a.bitPattern == b.bitPattern
        case let (.pair(a), .pair(b)): return a == b
        case let (.closure(a), .closure(b)): return a == b
        case let (.record(a), .record(b)): return a == b
        case let (.symbol(a), .symbol(b)): return a.toOpaque() == b.toOpaque()
        case let (.string(a), .string(b)): return a == b
        case let (.vector(a), .vector(b)): return a == b
        case let (.bytevector(a), .bytevector(b)): return a == b
        case let (.procedure(a), .procedure(b)): return a.toOpaque() == b.toOpaque()
        case let (.object(a), .object(b)): return a.toOpaque() == b.toOpaque()
        default: return false
        }
    }

    /// `eqv?`: like `eq?`, and numbers of the same exactness and value.
    public func isEqv(_ other: Value) -> Bool {
        if isEq(other) { return true }
        return Numbers.eqvHeapNumbers(self, other)
    }
}

extension Value {
    /// Pair accessors that do not retain (the heap owns the pair).
    @inline(__always) public var car: Value? {
        if case .pair(let p) = self { return p.car }
        return nil
    }
    @inline(__always) public var cdr: Value? {
        if case .pair(let p) = self { return p.cdr }
        return nil
    }
    @inline(__always) public var isPair: Bool {
        if case .pair = self { return true }
        return false
    }
    @inline(__always) public var isSymbol: Bool {
        if case .symbol = self { return true }
        return false
    }
    /// Whether this is a string (`string?`).
    @inline(__always) public var isString: Bool {
        if case .string = self { return true }
        return false
    }
    /// Whether this is a procedure of any kind (`procedure?`).
    @inline(__always) public var isProcedure: Bool {
        switch self {
        case .closure, .procedure: return true
        case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char, .pair, .record, .symbol, .string,
             .vector, .bytevector, .object: return false
        }
    }
    /// The symbol behind this value, if it is one.
    @inline(__always) public var symbol: Symbol? {
        if case .symbol(let s) = self { return s.takeUnretainedValue() }
        return nil
    }
    /// The string behind this value, if it is one.
    @inline(__always) public var sstring: SString? {
        if case .string(let s) = self { return s }
        return nil
    }
    /// The vector behind this value, if it is one.
    @inline(__always) public var svector: SVector? {
        if case .vector(let v) = self { return v }
        return nil
    }
    /// The fixnum behind this value, if it is one.
    @inline(__always) public var fixnum: Int? {
        if case .fixnum(let n) = self { return n }
        return nil
    }

    /// The number of elements of a proper list, or nil for an improper or circular one.
    public var properLength: Int? {
        var count = 0
        var v = self
        var slow = self
        while case .pair(let p) = v {
            v = p.cdr
            count += 1
            // The tortoise moves every second step: meeting it again means a cycle.
            if count & 1 == 0, case .pair(let s) = slow {
                slow = s.cdr
                if slow.isEq(v), v.isPair { return nil }
            }
        }
        return v.isNull ? count : nil
    }

    /// The elements of a proper list, or nil for an improper or circular one.
    public var listElements: [Value]? {
        // Counted first, so the array is allocated once: growing it a doubling at a time was
        // 120 M instructions of a 10,000-view layout.
        guard let n = properLength else { return nil }
        var out: [Value] = []
        out.reserveCapacity(n)
        var v = self
        while case .pair(let p) = v {
            out.append(p.car)
            v = p.cdr
        }
        return out
    }
}
