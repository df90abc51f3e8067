import Foundation

/// An embeddable Scheme interpreter: one independent instance with its own heap and globals.
///
/// An instance may be used from one thread at a time; separate instances may run on separate
/// threads at once. Values returned by `evaluate` stay valid until the next call into the instance;
/// keep one longer with `retain`.
public final class Scheme {
    /// Resource limits for untrusted code.
    public struct Limits: Sendable {
        /// Most nested non-tail calls before "recursion too deep".
        public var depth: Int
        /// Most calls and loop iterations per `evaluate` (nil: unlimited).
        public var steps: Int?
        /// Most live heap bytes (nil: unlimited).
        public var heapBytes: Int?
        /// Deepest expression nesting the compiler accepts.
        public var nesting: Int
        /// Most bytes (characters, for string ports) any one output port may receive before further
        /// output raises "output limit exceeded" (nil: unlimited).
        public var outputBytes: Int?
        /// Most wall-clock seconds per `evaluate`/`load`/`call` before "time limit exceeded" (nil:
        /// unlimited). Steps count calls, not the work of builtins (`length` of a million-element list
        /// is one step), so only a time limit bounds how long untrusted code runs. The clock is read
        /// every 100 steps: a hundred builtin calls may overrun the limit by their running time.
        public var seconds: Double?

        public init(depth: Int = 4_000_000, steps: Int? = nil, heapBytes: Int? = nil, nesting: Int = 2_000,
                    outputBytes: Int? = nil, seconds: Double? = nil) {
            self.depth = depth
            self.steps = steps
            self.heapBytes = heapBytes
            self.nesting = nesting
            self.outputBytes = outputBytes
            self.seconds = seconds
        }
    }

    /// The instance's state (heap, symbols, VM), for builtins and advanced embedding.
    public let runtime: Runtime
    public let limits: Limits

    /// A new instance with the standard library loaded.
    public init(limits: Limits = Limits(), sandbox: Bool = false) {
        self.limits = limits
        runtime = Runtime(maxDepth: limits.depth)
        runtime.heapLimit = limits.heapBytes
        runtime.maxNesting = limits.nesting
        runtime.outputLimit = limits.outputBytes
        runtime.sandboxed = sandbox
        runtime.installCore()
        for (name, text) in embeddedSchemeSources {
            do {
                _ = try runtime.evaluateSource(text, file: "prelude/scheme/" + name, system: true)
            } catch {
                // The prelude is part of the binary and tested; failing here is a build defect.
                fatalError("Scheme prelude \(name) failed to load: \(error.report)")
            }
        }
        if sandbox {
            // The prelude's `exit` first unwinds every `dynamic-wind` (leaving the handlers of any
            // `guard`), so its refusal could not be caught: refuse before unwinding instead.
            runtime.intern("exit").value = runtime.makePrimitive("exit", .range(0, 1)) { _, rt throws(SchemeRaise) in
                throw rt.error("exit: not allowed in the sandbox", kind: .file)
            }
        }
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
            try runtime.evaluateSource(source, file: file, line: line, column: column)
        }
    }

    /// Reads every datum of `source` (without evaluating), as a list; lists keep their `file:line:col`.
    public func read(_ source: String, file: String? = nil) throws -> Value {
        let rt = runtime
        var reader = Reader(text: source, fileIndex: rt.fileIndex(file ?? "<string>"), runtime: rt)
        var data: [Value] = []
        do {
            while let d = try reader.read() { data.append(d) }
        } catch {
            throw SchemeError(raised: error.payload, rt: rt)
        }
        return rt.heap.list(data)
    }

    /// Evaluates library code that belongs to the system (like the built-in prelude): its procedures
    /// are left out of backtraces and error locations point at the caller's code instead.
    @discardableResult
    public func evaluateSystemCode(_ source: String, file: String) throws -> Value {
        try withLimits { () throws(SchemeError) -> Value in
            try runtime.evaluateSource(source, file: file, system: true)
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
        try withLimits { () throws(SchemeError) -> Value in try runtime.vm.run(procedure, arguments) }
    }

    /// Calls the global procedure `name`.
    @discardableResult
    public func call(_ name: String, _ arguments: [Value]) throws -> Value {
        try call(runtime.intern(name).value, arguments)
    }

    /// Defines a global procedure implemented in Swift. Throw `SchemeRaise` (e.g. `runtime.error(...)`)
    /// or any Swift error to raise a Scheme error.
    public func define(_ name: String, arity: Arity, _ body: @escaping (Arguments) throws -> Value) {
        runtime.intern(name).value = runtime.makePrimitive(name, arity) { args, rt throws(SchemeRaise) in
            do {
                return try body(args)
            } catch let raise as SchemeRaise {
                throw raise
            } catch {
                throw rt.error("\(name): \(error)")
            }
        }
    }

    /// Defines (or redefines) a global variable.
    public func define(_ name: String, value: Value) {
        runtime.intern(name).value = value
    }

    /// The value of a global variable, or nil when unbound.
    public func global(_ name: String) -> Value? {
        let v = runtime.intern(name).value
        if case .undefined = v { return nil }
        return v
    }

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

    private func withLimits(_ body: () throws(SchemeError) -> Value) throws(SchemeError) -> Value {
        let vm = runtime.vm!
        guard limits.steps != nil || limits.seconds != nil else { return try body() }
        // A nested call (Swift code called from Scheme calling back in) gets fresh limits and leaves
        // the outer ones as they were; its steps count toward the outer run's too.
        let saved = (vm.stepLimit, vm.stepBudget, vm.deadline)
        defer { (vm.stepLimit, vm.stepBudget, vm.deadline) = saved }
        let outerSteps = vm.steps
        vm.steps = 0
        vm.stepBudget = limits.steps ?? Int.max
        vm.deadline = 0
        if let seconds = limits.seconds {
            let nanoseconds = seconds.isFinite ? min(max(seconds, 0), 1e9) * 1e9 : 1e18
            vm.deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(nanoseconds)
        }
        vm.stepLimit = vm.deadline == 0 ? vm.stepBudget : min(vm.stepBudget, VM.clockInterval)
        defer { vm.steps = outerSteps &+ vm.steps }
        return try body()
    }
}

extension Scheme {
    /// A Scheme string.
    public func string(_ s: String) -> Value { runtime.heap.string(s) }
    /// A symbol.
    public func symbol(_ s: String) -> Value { runtime.symbol(s) }
    /// A proper list.
    public func list(_ items: [Value]) -> Value { runtime.heap.list(items) }
    /// A vector.
    public func vector(_ items: [Value]) -> Value { runtime.heap.vector(items) }
}

extension Value {
    /// The integer, if this is an exact integer that fits in `Int`.
    public var intValue: Int? { fixnum }
    /// The number as a `Double` (the nearest one for big integers and ratios), if this is a real number.
    public var doubleValue: Double? { Numbers.toDouble(self) }
    /// The contents of a Scheme string, or a symbol's name.
    public var stringValue: String? {
        switch self {
        case .string(let s): return s.takeUnretainedValue().string
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
        if case .vector(let v) = self { return v.takeUnretainedValue().items }
        return listElements
    }
}

extension Scheme {
    /// The bytecode listing of every top-level form in `source` (compiled, not run).
    public func disassemble(_ source: String, file: String? = nil) throws -> String {
        let rt = runtime
        var reader = Reader(text: source, fileIndex: rt.fileIndex(file ?? "<string>"), runtime: rt)
        var out = ""
        do {
            while let form = try reader.read() {
                let thunk = try rt.compileToplevel(form)
                out += try Disassembler.text(of: thunk, rt)
            }
        } catch {
            throw SchemeError(raised: error.payload, rt: rt)
        }
        return out
    }
}

extension Runtime {
    /// Writes text to the standard output port (buffered with Scheme's own output).
    public func writeToStandardOutput(_ text: String) {
        stdoutPort?.write(text)
    }
}

extension Scheme {
    /// Asks a running evaluation to stop at its next safe point with the error "interrupted"
    /// (for Ctrl-C handlers; it only sets a flag).
    public func interrupt() {
        runtime.vm.interruptRequested = true
    }

    /// Runs `body` with the current output port set to the current error port, so whatever the
    /// code prints goes to standard error and cannot mix with output the host writes itself (a
    /// generated file on standard output).
    public func withOutputToErrorPort<T>(_ body: () throws -> T) rethrows -> T {
        let saved = runtime.currentOutput.value
        runtime.currentOutput.value = runtime.currentError.value
        defer { runtime.currentOutput.value = saved }
        return try body()
    }

    /// Runs `body` with the current output port collecting text, and returns that text.
    public func capturingOutput(_ body: () throws -> Void) rethrows -> String {
        let port = runtime.heap.own(Port(output: .string))
        let saved = runtime.currentOutput.value
        runtime.currentOutput.value = .object(Unmanaged.passUnretained(port))
        defer { runtime.currentOutput.value = saved }
        try body()
        return port.outputString
    }
}
