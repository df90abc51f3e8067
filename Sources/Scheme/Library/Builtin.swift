/// One builtin procedure: its Scheme name, arity and Swift implementation. Each library file declares
/// a table of these, one line each, and `Runtime.install` binds them as globals.
struct Builtin {
    let name: String
    let arity: Arity
    let special: BuiltinProcedure.Special
    let function: BuiltinFunction

    init(_ name: String, _ arity: Arity, _ function: @escaping BuiltinFunction) {
        self.name = name
        self.arity = arity
        self.special = .none
        self.function = function
    }

    /// A builtin the VM implements itself (see `BuiltinProcedure.Special`).
    init(_ name: String, _ arity: Arity, special: BuiltinProcedure.Special) {
        self.name = name
        self.arity = arity
        self.special = special
        self.function = { _, _ in .unspecified }
    }
}

extension Runtime {
    /// Binds every builtin of `table` in the system environment.
    func install(_ table: [Builtin]) {
        for b in table {
            let p = heap.own(BuiltinProcedure(name: b.name, arity: b.arity, special: b.special, function: b.function))
            system.define(intern(b.name), .procedure(Unmanaged.passUnretained(p)))
        }
    }

    /// A new builtin procedure value (for builtins that make procedures, like record accessors).
    func makeBuiltin(_ name: String, _ arity: Arity, keeping type: RecordType? = nil,
                     _ function: @escaping BuiltinFunction) -> Value {
        .procedure(Unmanaged.passUnretained(heap.own(BuiltinProcedure(name: name, arity: arity, recordType: type, function: function))))
    }
}

/// Argument checks shared by the builtin tables: each returns the unpacked value or raises an error
/// naming the procedure and the argument, as `(car 1)` → `car: expected a pair, got 1`.
extension Runtime {
    func typeError(_ who: String, _ what: String, _ v: Value) -> SchemeRaise {
        error("\(who): expected \(what), got", v)
    }

    func pair(_ v: Value, _ who: String) throws(SchemeRaise) -> Pair {
        if case .pair(let p) = v { return p }
        throw typeError(who, "a pair", v)
    }

    func int(_ v: Value, _ who: String) throws(SchemeRaise) -> Int {
        if case .fixnum(let n) = v { return n }
        if case .flonum(let d) = v, d.rounded() == d, let n = Int(exactly: d) { return n }
        throw typeError(who, "an integer", v)
    }

    func double(_ v: Value, _ who: String) throws(SchemeRaise) -> Double {
        if let d = Numbers.toDouble(v) { return d }
        throw typeError(who, "a number", v)
    }

    func string(_ v: Value, _ who: String) throws(SchemeRaise) -> SString {
        if case .string(let s) = v { return s }
        throw typeError(who, "a string", v)
    }

    func symbolArg(_ v: Value, _ who: String) throws(SchemeRaise) -> Symbol {
        if case .symbol(let s) = v { return s.takeUnretainedValue() }
        throw typeError(who, "a symbol", v)
    }

    func vector(_ v: Value, _ who: String) throws(SchemeRaise) -> SVector {
        if case .vector(let x) = v { return x }
        throw typeError(who, "a vector", v)
    }

    func char(_ v: Value, _ who: String) throws(SchemeRaise) -> UInt32 {
        if case .char(let c) = v { return c }
        throw typeError(who, "a character", v)
    }

    func list(_ v: Value, _ who: String) throws(SchemeRaise) -> [Value] {
        if let items = v.listElements { return items }
        throw typeError(who, "a proper list", v)
    }

    func procedure(_ v: Value, _ who: String) throws(SchemeRaise) -> Procedure {
        if case .procedure(let p) = v { return p.takeUnretainedValue() }
        throw typeError(who, "a procedure", v)
    }

    func object<T: HeapObject>(_ v: Value, _ type: T.Type, _ who: String, _ what: String) throws(SchemeRaise) -> T {
        if let o = v.object(type) { return o }
        throw typeError(who, what, v)
    }

    /// An index valid for a sequence of `count` items (or `count` itself when `end` is true).
    func index(_ v: Value, _ who: String, count: Int, kind: String, end: Bool = false) throws(SchemeRaise) -> Int {
        guard case .fixnum(let i) = v else { throw typeError(who, "an exact integer index", v) }
        if i < 0 || i > count || (!end && i == count) {
            throw error("\(who): index \(i) out of range for \(kind) of length \(count)")
        }
        return i
    }
}
