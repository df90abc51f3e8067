/// A condition raised by `error` or by a builtin: message, irritants, and where it happened. A
/// record of the heap's `errorType`: field 0 the message (a string), 1 the irritants (a list),
/// 2 the kind and 3 the location (fixnums).
///
/// Why a record (issue 17): error objects are cells like every other object a program makes; a
/// program cannot name the type, so only these accessors read or change the fields.
struct ErrorObject {
    /// Which predicate recognises it (`read-error?`, `file-error?`), besides `error-object?`; `limit`
    /// marks a limit a builtin, the reader or the expander reached, which ends the evaluation
    /// instead of being raised (no Scheme handler ever sees one).
    public enum Kind: UInt8 { case general, read, file, limit }

    let record: Record

    /// The error object `v` is, or nil.
    @inline(__always) init?(_ v: Value) {
        guard case .record(let r) = v, r.role == .error else { return nil }
        record = r
    }

    /// A new error object, as a value, from `heap` (never collects).
    static func make(message: String, irritants: [Value], kind: Kind = .general, location: SourceLocation = .none,
                     in heap: Heap) -> Value {
        make(message: heap.string(message), irritants: heap.list(irritants), kind: kind, location: location, in: heap)
    }

    /// A new error object of a message (a string of its own) and a list of irritants.
    static func make(message: Value, irritants: Value, kind: Kind = .general, location: SourceLocation = .none,
                     in heap: Heap) -> Value {
        let kind = Value.fixnum(Int(kind.rawValue)), at = ErrorObject.value(of: location)
        return .record(Record.make(type: heap.errorType, count: 4, in: heap) {
            switch $0 {
            case 0: return message
            case 1: return irritants
            case 2: return kind
            default: return at
            }
        })
    }

    /// The message of `error` and its like: a copy of `v` if it is a string (an error's message does
    /// not change when the string does), else `v` as `display` shows it.
    static func message(_ v: Value, in heap: Heap) -> Value {
        if case .string(let s) = v { return .string(s.copy(0..<s.count, in: heap)) }
        return heap.string(Printer.brief(v, .display))
    }

    /// The message.
    var message: String { record.field(0).sstring?.string ?? "" }

    /// The irritants.
    var irritants: [Value] { record.field(1).listElements ?? [] }

    /// The kind.
    var kind: Kind {
        if case .fixnum(let k) = record.field(2), let kind = Kind(rawValue: UInt8(truncatingIfNeeded: k)) { return kind }
        return .general
    }

    /// Where it was raised (the call that raised it), once the VM has seen it.
    var location: SourceLocation {
        if case .fixnum(let p) = record.field(3) { return SourceLocation(packed: UInt64(UInt(bitPattern: p))) }
        return .none
    }

    /// Sets the location, through `heap`'s write barrier (a fixnum needs none, but the record's cell
    /// may be old: the barrier decides).
    func setLocation(_ location: SourceLocation, _ heap: Heap) {
        record.store(3, ErrorObject.value(of: location), heap)
    }

    /// A location as the fixnum the record holds: the packed word's bits.
    private static func value(of location: SourceLocation) -> Value {
        .fixnum(Int(bitPattern: UInt(location.packed)))
    }
}

/// A Scheme raise travelling through Swift code (a builtin's failure): the raised object.
struct SchemeRaise: Error {
    /// The object given to `raise` (usually an `ErrorObject`).
    public let payload: Value
    public init(_ payload: Value) { self.payload = payload }
}
