#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An embeddable Scheme interpreter: one independent instance with its own heap and globals.
///
/// An instance may be used from one thread at a time; separate instances may run on separate
/// threads at once. Values returned by `evaluate` stay valid until the next call into the instance;
/// keep one longer with `retain` or `keeping`. (Inside a builtin, every value stays valid until the
/// builtin returns, whatever it calls: see `Heap`.)
public final class Scheme {
    /// The instance's state (heap, symbols, VM): internal, hosts use the facade (Scheme+Host.swift).
    let runtime: Runtime
    public let limits: Limits

    /// Why `limits` is invalid, if it is: every evaluation is then refused with this message.
    let limitsProblem: String?

    /// A new instance with the standard library loaded. Invalid `limits` (see `Limits.validated()`)
    /// make every evaluation fail with "invalid limits: …".
    public init(limits: Limits = Limits(), sandbox: Bool = false) {
        self.limits = limits
        limitsProblem = limits.problem
        // The prelude loads under the default limits: a tiny depth or nesting is for user code.
        runtime = Runtime.loaded(sandbox: sandbox)
        runtime.sealSystem()
        if limitsProblem == nil { apply(limits) }
    }

    /// Reads and evaluates every expression in `source`, returning the last value.
    @discardableResult
    public func evaluate(_ source: String, file: String? = nil) throws -> Value {
        try evaluate(source, file: file, line: 1, column: 1)
    }

    /// Like `evaluate(_:file:)`, for source that starts at `line` and `column` of `file` (a REPL's input).
    @discardableResult
    public func evaluate(_ source: String, file: String? = nil, line: Int, column: Int) throws -> Value {
        // An interrupt that arrives after the evaluation ends must not stop the next one.
        defer { runtime.vm.interruptRequested = false }
        return try withLimits { () throws(SchemeError) -> Value in
            try runtime.evaluateSource(source, file: file, line: line, column: column, in: runtime.interaction)
        }
    }

    /// Reads every datum of `source` (without evaluating), as a list; lists keep their `file:line:col`,
    /// and each pair of the returned list that of its datum.
    /// Reading is under the limits like an evaluation (a huge literal must not outrun them).
    public func read(_ source: String, file: String? = nil) throws -> Value {
        try read(source, file: file, line: 1, column: 1)
    }

    /// Like `read(_:file:)`, for source that starts at `line` and `column` of `file` (a REPL's input).
    public func read(_ source: String, file: String? = nil, line: Int, column: Int) throws -> Value {
        let rt = runtime
        return try withLimits { () throws(SchemeError) -> Value in
            var reader = Reader(text: source, fileIndex: rt.fileIndex(file ?? "<string>"), runtime: rt)
            reader.line = line
            reader.column = column
            var data: [(Value, SourceLocation)] = []
            do throws(SchemeRaise) {
                while let d = try reader.read() { data.append((d, reader.datumStart)) }
            } catch {
                throw SchemeError(raised: error.payload, rt: rt)
            }
            // Each pair of the list is located where its datum starts (as in a list the reader
            // reads), so a form that is a symbol can still be located.
            var list = Value.null
            for (d, at) in data.reversed() { list = rt.heap.cons(d, list, at: at) }
            return list
        }
    }

    /// Evaluates library code that belongs to the system (like the built-in prelude) in `environment`,
    /// one made by `makeSystemEnvironment`: its procedures are left out of backtraces and error
    /// locations point at the caller's code instead. It is trusted: the step and time limits do not
    /// apply to it (the heap limit and interrupts do).
    @discardableResult
    public func evaluateSystemCode(_ source: String, file: String, in environment: Environment) throws -> Value {
        try withLimits(system: true) { () throws(SchemeError) -> Value in
            try runtime.evaluateSource(source, file: file, in: environment)
        }
    }

    /// Loads and evaluates the file at `path`, returning the last value.
    @discardableResult
    public func load(path: String) throws -> Value {
        // Opened and read to its end like any stream, so /dev/stdin and pipes work too.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, case .success(let bytes) = FileSandbox.readAll(fd, maxBytes: Int.max) else {
            throw SchemeError(kind: .file, message: "cannot open file \"\(path)\"", file: path)
        }
        return try evaluate(String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Calls a Scheme procedure with arguments.
    @discardableResult
    public func call(_ procedure: Value, _ arguments: [Value]) throws -> Value {
        try withLimits { () throws(SchemeError) -> Value in
            try runtime.vm.run(procedure, arguments, keepingExisting: false)
        }
    }

    /// Calls the procedure `name` of the top-level environment (or of `environment`).
    @discardableResult
    public func call(_ name: String, in environment: Environment? = nil, _ arguments: [Value]) throws -> Value {
        let env: Environment = environment ?? runtime.interaction!
        guard let procedure = env.value(runtime.intern(name)) else {
            throw SchemeError(kind: .error, message: "unbound variable: \(name)")
        }
        return try call(procedure, arguments)
    }

    /// Defines a procedure implemented in Swift, in the top-level environment (where `evaluate`,
    /// `load` and the REPL see it; libraries see only their imports) or in `environment`. Throw
    /// `error(_:_:kind:at:)` or any Swift error to raise a Scheme error.
    public func define(_ name: String, arity: Arity, in environment: Environment? = nil,
                       _ body: @escaping (Arguments) throws -> Value) {
        define(name, arity: arity, in: environment) { _, args in try body(args) }
    }

    /// `define(_:arity:in:_:)` for a body that receives this instance with its arguments, so that
    /// it needs no reference to it of its own: a capture of the instance (`[unowned scheme]`,
    /// needed against a cycle, since the runtime keeps the builtin) costs two atomic reference
    /// count operations a call (about a seventh of the instructions of a small host builtin's
    /// call, and more of its time).
    public func define(_ name: String, arity: Arity, in environment: Environment? = nil,
                       _ body: @escaping (Scheme, Arguments) throws -> Value) {
        // Unowned(unsafe), as the VM holds its runtime: the builtin lives in this instance's
        // runtime, which only this instance owns, so it never runs once the instance is gone.
        unowned(unsafe) let scheme = self
        define(name, value: runtime.makeBuiltin(name, arity) { args, rt throws(SchemeRaise) in
            do {
                return try body(scheme, args)
            } catch let raise as SchemeRaise {
                throw raise
            } catch {
                throw rt.error("\(name): \(error)")
            }
        }, in: environment)
    }

    /// Defines (or redefines) a variable of the top-level environment (or of `environment`).
    public func define(_ name: String, value: Value, in environment: Environment? = nil) {
        (environment ?? runtime.interaction!).define(runtime.intern(name), value)
    }

    /// The value of a variable of the top-level environment (or of `environment`), or nil when unbound.
    public func global(_ name: String, in environment: Environment? = nil) -> Value? {
        (environment ?? runtime.interaction!).value(runtime.intern(name))
    }

    /// The top-level environment: where `evaluate`, `load`, `call(_:_:)`, `define` and the REPL
    /// work, and what `(interaction-environment)` returns.
    public var topLevel: Environment { runtime.interaction }

    /// A new system environment named `name` importing all of htll's Scheme, for a prelude of the
    /// embedder's own (HTLL's layout prelude): code evaluated in it with `evaluateSystemCode` stays
    /// out of user backtraces, and user code reaches it only through a library it is registered as.
    public func makeSystemEnvironment(named name: String) -> Environment {
        runtime.makeEnvironment(name: name, isSystem: true, importing: [Runtime.defaultLibrary])
    }

    /// The environment the library `name` ("htll" for `(htll)`) was compiled in, for the Swift code
    /// that owns it; nil if no such library is known.
    public func environment(ofLibrary name: String) -> Environment? {
        runtime.libraries[name]?.environment
    }

    /// Makes `environment`'s bindings `exports` importable as the library `name` ("htll" is `(htll)`).
    public func registerLibrary(_ name: String, environment: Environment, exports: [String]) {
        runtime.registerLibrary(name, environment: environment, exports: exports)
    }

    /// The names `environment` itself defines (not those it imports) that user code may see: all
    /// but those starting with `%`, `htll:` or `htll-` (prelude internals and host entry points).
    public func publicDefinitions(of environment: Environment) -> [String] {
        environment.definedNames.filter { !Runtime.isInternalName($0) }
    }

    /// Imports the import sets written in `source` (like `"(htll) (srfi 1)"`) into the top-level
    /// environment, which then keeps its default imports even if a program's first form is `import`.
    public func importLibraries(_ source: String) throws {
        let sets = try read(source, file: "<import>").listElements ?? []
        runtime.interaction.pristine = false
        do {
            try runtime.importSets(sets, into: runtime.interaction)
        } catch {
            throw SchemeError(raised: error.payload, rt: runtime)
        }
    }

    /// Every name bound in the top-level environment (to a value or to syntax), with whether it is
    /// syntax: for completion and `,describe`.
    public var topLevelNames: [(name: String, isSyntax: Bool)] { runtime.interaction.boundNames }

    /// Keeps `value` alive across evaluations until `release` is called with the returned handle.
    public func retain(_ value: Value) -> Int {
        let h = runtime.nextHandle
        runtime.nextHandle += 1
        runtime.handles[h] = value
        return h
    }

    /// Lets a value kept by `retain` be collected again.
    public func release(_ handle: Int) {
        runtime.handles[handle] = nil
    }

    /// Runs `body` with `values` kept alive, for host code that uses them across calls into the instance.
    public func keeping<T>(_ values: [Value], _ body: () throws -> T) rethrows -> T {
        try runtime.keeping(values, body)
    }

    /// The text `write` would print for `value`.
    public func write(_ value: Value) -> String { Printer.write(value) }

    /// The text `display` would print for `value`.
    public func display(_ value: Value) -> String { Printer.display(value) }

    /// Flushes buffered standard output and error; why writing to them failed since the last
    /// flush (a full disk, a closed pipe), or nil.
    @discardableResult
    public func flush() -> String? {
        runtime.flushStandardPorts()
        return runtime.takeStandardWriteError()
    }
}

extension Scheme {
    /// A Scheme string.
    public func string(_ s: String) -> Value { runtime.heap.string(s) }
    /// A Scheme string of `count` Unicode scalars that `fill` writes in place (they start as NUL),
    /// without making a Swift `String` first; a value written that is not a Unicode scalar
    /// becomes U+FFFD.
    public func string(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) -> Value {
        let string = SString.make(count: max(0, count), in: runtime.heap) { out in
            out.initialize(repeating: 0)
            fill(out)
            // Whether any value is a surrogate or past U+10FFFF, in a loop without branches (the
            // compiler vectorizes it): checked value by value, a line of 40 characters took about
            // 270 instructions (issue 19).
            var invalid: UInt32 = 0
            for v in out { invalid |= (v &- 0xD800 < 0x800 ? 1 : 0) | (v > 0x10FFFF ? 1 : 0) }
            if invalid != 0 {
                for i in out.indices where Unicode.Scalar(out[i]) == nil { out[i] = 0xFFFD }
            }
        }
        return .string(string)
    }
    /// A Scheme string of `count` characters below U+0100 (Latin-1, ASCII included) that `fill`
    /// writes in place as bytes (they start as NUL): a narrow string, one byte a character.
    public func latin1String(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> Value {
        let string = SString.make(narrowCount: max(0, count), in: runtime.heap) { out in
            out.initialize(repeating: 0)
            fill(out)
        }
        return .string(string)
    }
    /// A symbol.
    public func symbol(_ s: String) -> Value { runtime.symbol(s) }
    /// A proper list.
    public func list(_ items: [Value]) -> Value { runtime.heap.list(items) }
    /// A vector.
    public func vector(_ items: [Value]) -> Value { runtime.heap.vector(items) }
}

extension Value {
    /// An exact integer (`.fixnum(n)`).
    public init(_ n: Int) { self = .fixnum(n) }
    /// A flonum (`.flonum(d)`).
    public init(_ d: Double) { self = .flonum(d) }
    /// A boolean (`.bool(b)`).
    public init(_ b: Bool) { self = .bool(b) }

    /// The integer, if this is an exact integer that fits in `Int`. A bignum (an exact integer
    /// past 64 bits, as `(expt 2 100)` makes) gives nil, since `Int` cannot hold it: its digits
    /// are `description`, and `doubleValue` gives it approximately.
    public var intValue: Int? { fixnum }
    /// The number as a `Double` (the nearest one for big integers and ratios), if this is a real number.
    public var doubleValue: Double? { Numbers.toDouble(self) }
    /// The contents of a Scheme string, or a symbol's name.
    public var stringValue: String? {
        switch self {
        case .string(let s): return s.string
        case .symbol(let s): return s.takeUnretainedValue().name
        default: return nil
        }
    }
    /// The boolean, if this is `#t` or `#f`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
    /// The elements of a proper list or a vector.
    public var arrayValue: [Value]? {
        if case .vector(let v) = self { return v.items }
        return listElements
    }
}

extension Scheme {
    /// The bytecode listing of every top-level form in `source` (compiled, not run).
    public func disassemble(_ source: String, file: String? = nil) throws -> String {
        let rt = runtime
        var out = ""
        try withLimits { () throws(SchemeError) -> Value in
            var reader = Reader(text: source, fileIndex: rt.fileIndex(file ?? "<string>"), runtime: rt)
            do throws(SchemeRaise) {
                while let form = try reader.read() {
                    let thunk = try rt.compileToplevel(form, in: rt.interaction)
                    out += try Disassembler.text(of: thunk, rt)
                }
            } catch {
                throw SchemeError(raised: error.payload, rt: rt)
            }
            return .unspecified
        }
        return out
    }
}

extension Runtime {
    /// Writes text to the standard output port (buffered with Scheme's own output).
    func writeToStandardOutput(_ text: String) {
        stdoutPort?.write(text)
    }
}

extension Scheme {
    /// Asks a running evaluation to stop at its next safe point with the error "interrupted" (for
    /// Ctrl-C handlers; it only sets a flag). Like a limit, it ends the evaluation: no Scheme handler
    /// can catch it.
    public func interrupt() {
        runtime.vm.interruptRequested = true
    }

    /// Runs `body` under a new `Profiler` sampling this instance (and any made inside `body`); the
    /// report is made whether `body` returns or throws. Call it where no evaluation is running.
    public func profile<T>(_ body: () throws -> T) -> (report: ProfileReport, result: Result<T, Error>) {
        let profiler = Profiler(sampling: [self])
        let result = Result { try body() }
        return (profiler.stop(), result)
    }

    /// Runs `body` with the current output port set to the current error port, so whatever the
    /// code prints goes to standard error and cannot mix with output the host writes itself (a
    /// generated file on standard output).
    public func withOutputToErrorPort<T>(_ body: () throws -> T) rethrows -> T {
        let saved = runtime.currentOutput.value
        runtime.currentOutput.set(runtime.currentError.value, runtime.heap)
        defer { runtime.currentOutput.set(saved, runtime.heap) }
        return try body()
    }

    /// Runs `body` with the current output port collecting text, and returns that text.
    public func capturingOutput(_ body: () throws -> Void) rethrows -> String {
        let port = runtime.heap.own(Port(output: .string))
        let saved = runtime.currentOutput.value
        let portValue = Value.object(Unmanaged.passUnretained(port))
        runtime.currentOutput.set(portValue, runtime.heap)
        defer { runtime.currentOutput.set(saved, runtime.heap) }
        // Both ports must outlive `body`'s evaluations, which may rebind the current output port.
        try runtime.keeping([saved, portValue], body)
        return port.outputString
    }
}

extension Value: CustomStringConvertible {
    /// The value as `write` prints it: `(1 "two" #\3)`, `#<procedure car>`. A `Value` of an
    /// instance is only valid until the next call into that instance (see `Scheme.retain(_:)`).
    public var description: String { Printer.write(self) }
}
