/// The builtins `define-record-type` expands into: `%make-record-type`, `%record-constructor`,
/// `%record-predicate`, `%record-accessor`, `%record-modifier`.
extension Runtime {
    func recordType(_ v: Value, _ who: String) throws(SchemeRaise) -> RecordType {
        try object(v, RecordType.self, who, "a record type")
    }

    /// The index of field `name` in `type`.
    func fieldIndex(_ type: RecordType, _ name: Value, _ who: String) throws(SchemeRaise) -> Int {
        let s = try symbolArg(name, who).base
        guard let i = type.fields.firstIndex(where: { $0 === s }) else {
            throw error("\(who): \(type.name) has no field named \(s.name)")
        }
        return i
    }

    /// The procedure name given as optional argument `i`, or `type-field`.
    func procedureName(_ a: Arguments, _ i: Int, _ fallback: String) -> String {
        i < a.count ? (a[i].symbol?.name ?? fallback) : fallback
    }
}

enum Records {
    /// The printed type name: `<point>` becomes `point`.
    static func displayName(_ name: String) -> String {
        if name.count > 2, name.hasPrefix("<"), name.hasSuffix(">") { return String(name.dropFirst().dropLast()) }
        return name
    }

    /// What record procedure `p` gives for `subject` (and, for a modifier, `value`), or nil when
    /// `subject` is not a record of its type (the caller raises `typeError`). The one
    /// implementation of record procedures: the VM runs it in place of the builtin call
    /// (`VM.callRecordProcedure`), the builtin's function for any other caller.
    /// (`heap` unretained: the VM holds its heap unowned, and passing it as a reference retained
    /// and released it at every accessor call, 220,000 of them for 10,000 views.)
    @inline(__always)
    static func run(_ p: RecordProcedure, _ subject: Value, _ value: Value, _ heap: Unmanaged<Heap>) -> Value? {
        var record: Record? = nil
        if case .record(let r) = subject, r.typeRef.toOpaque() == Unmanaged.passUnretained(p.type).toOpaque() { record = r }
        switch p.operation {
        case .predicate:
            return .bool(record != nil)
        case .accessor:
            return record?.field(p.slot)
        case .modifier:
            guard let record else { return nil }
            heap._withUnsafeGuaranteedRef { record.store(p.slot, value, $0) }
            return .unspecified
        }
    }

    /// The error of record procedure `name` given `v`, not a record of its type.
    static func typeError(_ p: RecordProcedure, _ name: String, _ v: Value, _ rt: Runtime) -> SchemeRaise {
        rt.typeError(name, "a \(p.type.name)", v)
    }
}

extension Runtime {
    /// A record type's predicate, accessor or modifier `name`.
    func makeRecordProcedure(_ name: String, _ record: RecordProcedure) -> Value {
        let p = BuiltinProcedure(name: name, arity: .exactly(record.argumentCount), special: .record, record: record) { args, rt in
            let value = args.count > 1 ? args[1] : .unspecified
            guard let result = Records.run(record, args[0], value, Unmanaged.passUnretained(rt.heap)) else {
                throw Records.typeError(record, name, args[0], rt)
            }
            return result
        }
        return .procedure(Unmanaged.passUnretained(heap.own(p)))
    }
}

/// The record builtins (names start with `%`: only the `define-record-type` macro calls them).
let recordBuiltins: [Builtin] = [
    Builtin("%make-record-type", .exactly(2)) { a, rt throws(SchemeRaise) in
        let name = Records.displayName(try rt.symbolArg(a[0], "%make-record-type").name)
        var fields: [Symbol] = []
        for f in try rt.list(a[1], "%make-record-type") { fields.append(try rt.symbolArg(f, "%make-record-type").base) }
        return rt.heap.object(RecordType(name: name, fields: fields)) },
    Builtin("%record-constructor", .range(2, 3)) { a, rt throws(SchemeRaise) in
        let type = try rt.recordType(a[0], "%record-constructor")
        var slots: [Int] = []
        for f in try rt.list(a[1], "%record-constructor") { slots.append(try rt.fieldIndex(type, f, "%record-constructor")) }
        // The procedures made here are closures of the builtins' own untyped signature: a closure
        // that throws `SchemeRaise` by type was reached through a reabstraction thunk and two
        // forwarders, about 110 instructions a call (a layout's views make 220,000 accessor calls).
        // (Every field, in order, the commonest constructor: the arguments copied as they are.) The
        // constructor keeps the type in the heap: its records refer to it unretained.
        if slots == Array(0..<type.fields.count) {
            return rt.makeBuiltin(rt.procedureName(a, 2, "make-\(type.name)"), .exactly(slots.count), keeping: type) { args, rt in
                .record(Record.make(type: Unmanaged.passUnretained(type), in: rt.heap) { args.base[$0] })
            }
        }
        return rt.makeBuiltin(rt.procedureName(a, 2, "make-\(type.name)"), .exactly(slots.count), keeping: type) { args, rt in
            // (A field the constructor does not take is #f.)
            var fields = [Value](repeating: .false, count: type.fields.count)
            for (i, slot) in slots.enumerated() { fields[slot] = args[i] }
            return .record(Record.make(type: Unmanaged.passUnretained(type), in: rt.heap) { fields[$0] })
        } },
    Builtin("%record-predicate", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let type = try rt.recordType(a[0], "%record-predicate")
        return rt.makeRecordProcedure(rt.procedureName(a, 1, "\(type.name)?"), RecordProcedure(.predicate, type)) },
    Builtin("%record-accessor", .range(2, 3)) { a, rt throws(SchemeRaise) in
        let type = try rt.recordType(a[0], "%record-accessor")
        let slot = try rt.fieldIndex(type, a[1], "%record-accessor")
        let name = rt.procedureName(a, 2, "\(type.name)-\(type.fields[slot].name)")
        return rt.makeRecordProcedure(name, RecordProcedure(.accessor, type, slot: slot)) },
    Builtin("%record-modifier", .range(2, 3)) { a, rt throws(SchemeRaise) in
        let type = try rt.recordType(a[0], "%record-modifier")
        let slot = try rt.fieldIndex(type, a[1], "%record-modifier")
        let name = rt.procedureName(a, 2, "set-\(type.name)-\(type.fields[slot].name)!")
        return rt.makeRecordProcedure(name, RecordProcedure(.modifier, type, slot: slot)) },
    Builtin("record?", .exactly(1)) { a, _ throws(SchemeRaise) in
        // (The runtime's own records, multiple values, error objects and numbers, are none to a program.)
        if case .record(let r) = a[0], r.role == .program { return .true }
        return .false },
]
