/// A condition raised by `error` or by a builtin: message, irritants, and where it happened.
final class ErrorObject: HeapObject {
    /// Which predicate recognises it (`read-error?`, `file-error?`), besides `error-object?`; `limit`
    /// marks a limit a builtin, the reader or the expander reached, which ends the evaluation
    /// instead of being raised (no Scheme handler ever sees one).
    public enum Kind: UInt8 { case general, read, file, limit }
    public let message: String
    public let irritants: [Value]
    public let kind: Kind
    /// Where it was raised (the call that raised it), once the VM has seen it.
    public var location: SourceLocation

    public init(message: String, irritants: [Value], kind: Kind = .general, location: SourceLocation = .none) {
        self.message = message
        self.irritants = irritants
        self.kind = kind
        self.location = location
    }
    override func trace(_ marker: inout Marker) {
        for v in irritants { marker.mark(v) }
    }
    public override var typeName: String { "error-object" }
    override var hasWriteBarrier: Bool { true }  // (the irritants never change)
}

/// A Scheme raise travelling through Swift code (a builtin's failure): the raised object.
struct SchemeRaise: Error {
    /// The object given to `raise` (usually an `ErrorObject`).
    public let payload: Value
    public init(_ payload: Value) { self.payload = payload }
}
