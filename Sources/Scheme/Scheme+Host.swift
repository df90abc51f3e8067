
/// What a host's builtins and command-line tools need from an instance, so that they use the
/// facade and never its runtime, heap or object classes (which stay internal: the representation
/// of values is the runtime's to change, see docs/heap-design.md).
extension Scheme {
    /// A new pair.
    public func cons(_ car: Value, _ cdr: Value) -> Value { runtime.heap.cons(car, cdr) }

    /// A new pair that keeps the source location `like` was read at (a plain pair when `like`
    /// is not a pair or its location is unknown): rebuilt forms keep pointing at their text.
    public func cons(_ car: Value, _ cdr: Value, locatedLike like: Value) -> Value {
        runtime.heap.cons(car, cdr, at: sourceLocation(of: like))
    }

    /// Where the reader read `value` (a pair), `.none` when unknown.
    public func sourceLocation(of value: Value) -> SourceLocation {
        guard case .pair(let p) = value else { return .none }
        return p.location
    }

    /// Where `value` (a pair) was read, as Scheme data `(file line column)`, or `#f` when unknown.
    public func locationValue(of value: Value) -> Value { runtime.locationValue(sourceLocation(of: value)) }

    /// The location of `line`:`column` in `file`, for errors a host reports in a file it read.
    public func sourceLocation(file: String, line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: runtime.fileIndex(file), line: line, column: column)
    }

    /// An error to throw from a builtin: raises a Scheme error object with `message` and
    /// `irritants` (of `kind`, at `location`), which Scheme code can catch with `guard`.
    public func error(_ message: String, _ irritants: Value..., kind: ErrorKind = .general,
                      at location: SourceLocation = .none) -> any Error {
        SchemeRaise(ErrorObject.make(message: message, irritants: irritants, kind: kind.objectKind,
                                             location: location, in: runtime.heap))
    }

    /// The kinds of errors a host raises (what `file-error?` and `read-error?` answer).
    public enum ErrorKind: Sendable {
        /// An ordinary error.
        case general
        /// A file could not be opened, read or written.
        case file
        /// Text could not be read as data.
        case read

        var objectKind: ErrorObject.Kind {
            switch self {
            case .general: return .general
            case .file: return .file
            case .read: return .read
            }
        }
    }

    /// Why `exit` is an error here even outside the sandbox (the message after "exit: "); nil, the
    /// default: `(exit n)` ends the evaluation with status `n`.
    public var exitRefusal: String? {
        get { runtime.exitRefusal }
        set { runtime.exitRefusal = newValue }
    }

    /// The folders a sandboxed instance may read files in (besides none).
    public var allowedFolders: [String] {
        get { runtime.allowedFolders }
        set { runtime.allowedFolders = newValue }
    }

    /// The folders `load` and `include` search for relative names.
    public var searchPath: [String] {
        get { runtime.searchPath }
        set { runtime.searchPath = newValue }
    }

    /// What `(command-line)` returns.
    public var commandLine: [String] {
        get { runtime.commandLine }
        set { runtime.commandLine = newValue }
    }

    /// Writes text to the standard output port (buffered with Scheme's own output).
    public func writeToStandardOutput(_ text: String) { runtime.writeToStandardOutput(text) }

    /// The values `value` stands for: each of a multiple-value return (`(values 1 2)`), else itself.
    public func values(of value: Value) -> [Value] { MultipleValues.items(of: value) }

    /// How many garbage collections the instance has run.
    public var collectionCount: Int { runtime.heap.collections }

    /// How many symbols the instance's intern table holds now.
    public var symbolCount: Int { runtime.heap.symbolCount }

    /// How many symbols made from data (read, `string->symbol`) collections have freed so far.
    public var collectedSymbolCount: Int { runtime.heap.symbolsCollected }

    /// Writes all of `text` to the file descriptor `fd`, retrying short writes and interruptions;
    /// the system's message when the write fails, else nil.
    public static func writeAll(_ text: String, to fd: Int32) -> String? {
        // A native string's UTF-8 in place: copying it to an array first was a second copy of
        // the whole output (8 MB and 2,000 page faults for a layout of 10,000 views, issue 19).
        var text = text
        return text.withUTF8 { writeAll(bytes: UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Writes all of `bytes` to the file descriptor `fd`, as `writeAll(_:to:)` writes a string: nil,
    /// or why it failed.
    public static func writeAll(bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        Port.writeAll(bytes, to: fd)
    }

    /// What a procedure takes, for a REPL's `,describe`: "builtin procedure, 1 to 2 arguments",
    /// "procedure, at least 1 argument", a case-lambda's clauses; nil when `value` is no procedure.
    public func procedureSummary(_ value: Value) -> String? {
        func arity(_ required: Int, _ maximum: Int?) -> String { Arity(required, maximum).expectedArguments }
        if case .closure(let c) = value { return "procedure, " + arity(c.code.required, c.code.hasRest ? nil : c.code.required) }
        guard case .procedure(let u) = value else { return nil }
        let p = u.takeUnretainedValue()
        if let prim = p as? BuiltinProcedure { return "builtin procedure, " + arity(prim.arity.required, prim.arity.maximum) }
        if let cl = p as? CaseLambda {
            let clauses = cl.clauses.map { arity($0.code.required, $0.code.hasRest ? nil : $0.code.required) }
            return "case-lambda procedure: " + clauses.joined(separator: "; ")
        }
        if p is Parameter { return "parameter object, 0 or 1 arguments" }
        return "procedure"
    }
}
