/// Anything callable but a closure (`Closure`, pair cells). The VM dispatches on `kind` without
/// dynamic casts.
public class Procedure: HeapObject {
    /// What the VM does when this procedure is called.
    enum Kind: UInt8 {
        case builtin, continuation, parameter, caseLambda
    }
    final let kind: Kind
    init(kind: Kind) { self.kind = kind }
    public override var typeName: String { "procedure" }
    /// The name shown in backtraces and `write`.
    public var name: String { "anonymous" }
}

/// How many arguments a procedure takes: `required`, and at most `maximum` (nil for any number).
public struct Arity: Sendable, Equatable {
    public let required: Int
    public let maximum: Int?
    public init(_ required: Int, _ maximum: Int?) {
        self.required = required
        self.maximum = maximum
    }
    /// Exactly `n` arguments.
    public static func exactly(_ n: Int) -> Arity { Arity(n, n) }
    /// `n` or more arguments.
    public static func atLeast(_ n: Int) -> Arity { Arity(n, nil) }
    /// Between `a` and `b` arguments.
    public static func range(_ a: Int, _ b: Int) -> Arity { Arity(a, b) }

    func accepts(_ n: Int) -> Bool { n >= required && (maximum.map { n <= $0 } ?? true) }

    var description: String {
        if let m = maximum {
            return m == required ? "\(required)" : "\(required) to \(m)"
        }
        return "at least \(required)"
    }

    /// What a call must pass, for messages: "1 argument", "at least 2 arguments", "0 to 1 arguments".
    var expectedArguments: String {
        description + ((maximum == nil || maximum == required) && required == 1 ? " argument" : " arguments")
    }
}

/// The arguments of a builtin call: a window on the VM stack (valid only during the call).
public struct Arguments {
    @usableFromInline let base: UnsafeMutablePointer<Value>
    /// How many arguments were passed.
    public let count: Int
    @inline(__always) init(base: UnsafeMutablePointer<Value>, count: Int) {
        self.base = base
        self.count = count
    }
    /// The `i`th argument.
    @inline(__always) public subscript(i: Int) -> Value { base[i] }
    /// All arguments as an array.
    public var array: [Value] { Array(UnsafeBufferPointer(start: base, count: count)) }
    /// The `i`th argument, or `default` when fewer were passed.
    public func optional(_ i: Int, _ defaultValue: Value) -> Value { i < count ? base[i] : defaultValue }
}

/// The Swift signature of a builtin. It should throw `SchemeRaise` (e.g. `throw rt.error(...)`);
/// any other Swift error becomes a Scheme error with the error's description.
/// (Untyped `throws`, because closure literals in the builtin tables can't infer a typed throw.)
typealias BuiltinFunction = (_ args: Arguments, _ rt: Runtime) throws -> Value

/// A builtin procedure written in Swift.
final class BuiltinProcedure: Procedure {
    /// Builtins whose behaviour needs the VM itself (they never run `function`).
    public enum Special: UInt8 {
        case none, apply, callCC, values, applyValues, abort, exit
        /// A record type's predicate, accessor or modifier (`record`): the VM reads or writes the
        /// field in place, without the frame and closure call of a builtin (a layout's views are
        /// records, read about 35 times each).
        case record
    }
    let builtinName: String
    public let arity: Arity
    let function: BuiltinFunction
    let special: Special
    /// What a `.record` builtin does, else nil.
    let record: RecordProcedure?
    /// `record`'s type, or the type a record constructor makes records of: owned (`record` holds
    /// it unowned, for the VM's reads, and so do the records), and traced, so the heap keeps it as
    /// long as a procedure of the type lives.
    private let recordType: RecordType?
    init(name: String, arity: Arity, special: Special = .none, record: RecordProcedure? = nil,
         recordType: RecordType? = nil, function: @escaping BuiltinFunction) {
        self.builtinName = name
        self.arity = arity
        self.function = function
        self.special = special
        self.record = record
        self.recordType = record?.type ?? recordType
        super.init(kind: .builtin)
    }
    override func trace(_ marker: inout Marker) {
        if let recordType { marker.markObject(recordType) }
    }
    override var hasWriteBarrier: Bool { true }  // (never changed)
    public override var name: String { builtinName }
}

/// The operation of a procedure `define-record-type` made: a predicate, or an accessor or modifier
/// of field `slot`, of `type`'s records.
struct RecordProcedure {
    enum Operation { case predicate, accessor, modifier }
    let operation: Operation
    /// Unowned: the builtin that holds this keeps the type alive.
    unowned(unsafe) let type: RecordType
    let slot: Int
    init(_ operation: Operation, _ type: RecordType, slot: Int = 0) {
        self.operation = operation
        self.type = type
        self.slot = slot
    }
    /// How many arguments it takes: the record, and a modifier's value.
    var argumentCount: Int {
        switch operation {
        case .predicate, .accessor: return 1
        case .modifier: return 2
        }
    }
}

/// A procedure made by `case-lambda`: the first clause whose arity fits is called.
final class CaseLambda: Procedure {
    public let clauses: [Closure]
    init(clauses: [Closure]) {
        self.clauses = clauses
        super.init(kind: .caseLambda)
    }
    override func trace(_ marker: inout Marker) {
        for c in clauses { marker.markRun(c.run) }
    }
    override var hasWriteBarrier: Bool { true }  // (never changed)
    public override var name: String { clauses.first?.name ?? "case-lambda" }
}

/// A parameter object made by `make-parameter`: calling it with no arguments returns its value.
final class Parameter: Procedure {
    @exclusivity(unchecked) public private(set) var value: Value
    public let converter: Value
    /// Stores `v` (`parameterize`, the runtime's current ports), through `heap`'s write barrier.
    func set(_ v: Value, _ heap: Heap) {
        value = v
        heap.written(self, v)
    }
    init(value: Value, converter: Value) {
        self.value = value
        self.converter = converter
        super.init(kind: .parameter)
    }
    override func trace(_ marker: inout Marker) {
        marker.mark(value)
        marker.mark(converter)
    }
    public override var name: String { "parameter" }
    override var hasWriteBarrier: Bool { true }
}
