
/// The state of one Scheme instance: heap, symbols, environments and libraries, VM, source files and ports.
///
/// Nothing here is shared between instances, so two instances never interfere; one instance must be
/// used by one thread at a time.
final class Runtime {
    /// The collector and owner of every object.
    public let heap = Heap()
    /// Source file names; a `SourceLocation`'s file index points here (0 is "unknown").
    private(set) var files: [String] = [""]
    /// Each name's index in `files`, so an embedder evaluating many named snippets pays no linear scan.
    private var fileIndexes: [String: Int] = ["": 0]
    var vm: VM!
    /// Live bytes above which a collection ends the evaluation with "heap limit exceeded".
    public var heapLimit: Int? {
        didSet { heap.limit = heapLimit }
    }
    /// Values Swift code holds on to (see `Scheme.retain`), by handle number.
    var handles: [Int: Value] = [:]
    var nextHandle = 1
    /// Values kept alive by the `keeping` and `withRooted` calls in progress, innermost last.
    private var kept: [Value] = []
    /// Deepest expression nesting the expander and compiler accept (they recurse on the Swift stack).
    public var maxNesting = 2_000
    /// Where their recursion must stop on the host thread's stack, whatever `maxNesting` allows.
    var stackGuard = StackGuard()
    /// Set by a compilation that stopped because the stack was used up (`Compiler.compile`), with
    /// where; `compileCode` turns it into the error.
    var compilationTooDeep: SourceLocation?
    /// Most bytes one output port may receive; checked by every output builtin before it writes.
    public var outputLimit: Int?
    /// The standard ports, as parameter objects (so `parameterize` can rebind them).
    var currentOutput: Parameter!
    var currentError: Parameter!
    var currentInput: Parameter!
    /// Whether file, process and environment access is refused.
    public internal(set) var sandboxed = false
    /// Why `exit` is refused outside the sandbox too (a host that compiles the code rather than
    /// running it as a program), as the error says it; nil: `exit` ends the evaluation.
    public var exitRefusal: String?

    /// The error `exit` raises here, or nil where it may end the evaluation. (In the sandbox a file
    /// error, as file and process access is refused there.)
    func exitRefusalError() -> SchemeRaise? {
        if sandboxed { return error("exit: not allowed in the sandbox", kind: .file) }
        return exitRefusal.map { error("exit: " + $0) }
    }
    /// Folders `load`, `include` and `open-input-file` may read in a sandbox.
    public var allowedFolders: [String] = []
    /// The Scheme prelude's sealed environment: every builtin and prelude definition, internals included.
    var system: Environment!
    /// The program's top-level environment: where `evaluate`, `load`, the REPL and the embedding API
    /// work, and what `interaction-environment` returns.
    var interaction: Environment!
    /// The libraries `import` finds without a file: the standard ones and those defined so far, by name.
    var libraries: [String: Library] = [:]
    /// Names of the libraries being loaded (an import of one of them is a cycle).
    var loading: [String] = []
    /// Environments of libraries being defined; environments kept for the runtime's lifetime (system
    /// ones, whose cells they own, and libraries a new definition replaced). All roots.
    var loadingEnvironments: [Environment] = []
    var keptEnvironments: [Environment] = []
    /// The bindings every top-level environment has whatever it imports: `import`, `define-library`.
    var declarations: [ObjectIdentifier: (id: Symbol, binding: Binding)] = [:]
    /// The system's `raise`, which the VM hands its errors to: never a user's definition of the name.
    var raiseCell: Global?
    /// Identifiers that always mean what the system environment binds them to (owned here, never collected).
    var coreIdentifiers: [String: Symbol] = [:]
    /// Directories searched by `import` and `include`.
    public var searchPath: [String] = []

    /// What `(command-line)` returns: the script name and its arguments.
    public var commandLine: [String] = CommandLine.arguments
    /// The standard streams' ports (kept so they can be flushed even when rebound).
    private(set) var stdoutPort: Port?
    private(set) var stderrPort: Port?
    /// Output file ports, not kept alive by this list: flushed with the standard ports, so output a
    /// program never flushed is written (or its failure reported) when the host flushes at exit.
    let outputFiles = OutputFiles()

    public init(maxDepth: Int = 4_000_000) {
        vm = VM(runtime: self, maxDepth: maxDepth)
        let stdout = heap.own(Port(output: .standardOutput))
        let stderr = heap.own(Port(output: .standardError))
        stdoutPort = stdout
        stderrPort = stderr
        let stdin = heap.own(Port(input: .standardInput))
        currentOutput = heap.own(Parameter(value: .object(Unmanaged.passUnretained(stdout)), converter: .false))
        currentError = heap.own(Parameter(value: .object(Unmanaged.passUnretained(stderr)), converter: .false))
        currentInput = heap.own(Parameter(value: .object(Unmanaged.passUnretained(stdin)), converter: .false))
        for name in ["import", "define-library"] {
            guard let sf = SpecialForm(rawValue: name) else { continue }
            let id = intern(name)
            declarations[ObjectIdentifier(id)] = (id, .syntax(.special(sf)))
        }
        system = heap.own(Environment(name: "(scheme system)", isSystem: true, heap: heap, declarations: declarations))
        interaction = system
    }

    /// Makes room for `count` more symbols at once (a prelude image names its symbols up front).
    func reserveSymbols(_ count: Int) { heap.reserveSymbols(count) }

    /// The value the system environment binds `name` to (`.undefined` if none): what the prelude
    /// sees, whatever user code defines.
    func systemValue(_ name: String) -> Value {
        system.value(intern(name)) ?? .undefined
    }

    /// The interned symbol named `name`, for Swift code: pinned, so Swift may keep it, or a value
    /// of it, anywhere (see `Heap+Symbols.swift`).
    public func intern(_ name: String) -> Symbol { heap.intern(name, pinned: true) }

    /// The interned symbol named `name`, as a value (pinned, as `intern`).
    public func symbol(_ name: String) -> Value { .symbol(Unmanaged.passUnretained(intern(name))) }

    /// `quote`, `quasiquote`, `unquote` and `unquote-splicing`, for every reader: `read` makes a
    /// reader per datum, and interning the four by name was most of reading a number.
    private(set) lazy var abbreviationSymbols = (symbol("quote"), symbol("quasiquote"), symbol("unquote"),
                                                 symbol("unquote-splicing"))

    /// The file index of data read from ports (`read`), looked up once.
    private(set) lazy var portFileIndex = fileIndex("<port>")

    /// The symbol named `name` read or made from data (the reader, `string->symbol`): weak, so the
    /// collector frees it when nothing refers to it. Swift code that keeps the value must root it.
    func datumSymbol(_ name: String) -> Value { .symbol(Unmanaged.passUnretained(heap.intern(name, pinned: false))) }

    /// All interned symbols (for completion and the like).
    public var allSymbols: [Symbol] { heap.allSymbols }

    /// The index of source file `path`, adding it if new.
    ///
    /// A location holds 16 bits of file index: past 65,534 names, every new one shares the last index,
    /// named "<one of many files>", rather than borrowing another file's name in messages.
    public func fileIndex(_ path: String) -> Int {
        if let i = fileIndexes[path] { return i }
        if files.count >= Self.lastFileIndex {
            if files.count == Self.lastFileIndex { files.append("<one of many files>") }
            return Self.lastFileIndex
        }
        files.append(path)
        fileIndexes[path] = files.count - 1
        return files.count - 1
    }

    /// The largest file index a `SourceLocation` holds.
    static let lastFileIndex = 0xFFFF

    /// The file name behind a location, if known.
    public func fileName(_ loc: SourceLocation) -> String? {
        loc.isKnown && loc.file < files.count ? files[loc.file] : nil
    }

    /// A location as Scheme data, `(file line column)`, or `#f` when unknown: how the host and Scheme
    /// code (the HTLL prelude) exchange locations.
    public func locationValue(_ loc: SourceLocation) -> Value {
        guard loc.isKnown, let file = fileName(loc) else { return .false }
        if locationFile.index != loc.file { locationFile = (loc.file, SString.scalars(of: file)) }
        return heap.cons(makeString(locationFile.scalars), heap.cons(.fixnum(loc.line), heap.cons(.fixnum(loc.column), .null)))
    }

    /// The file `locationValue` named last and its name's scalars. A layout's loader asks for the
    /// location of every call it rewrites, nearly all in one file: decoding the name again for each
    /// was 3,300 instructions of 3,700 (issue 19). Each location still gets a string of its own, over
    /// the shared copy-on-write array.
    private var locationFile: (index: Int, scalars: [UInt32]) = (-1, [])

    /// The location a `(file line column)` list stands for (line 0: the file as a whole); `.none`
    /// for anything else.
    public func sourceLocation(_ v: Value) -> SourceLocation {
        guard let items = v.listElements, items.count == 3, let file = items[0].sstring?.string,
              case .fixnum(let line) = items[1], case .fixnum(let column) = items[2] else { return .none }
        return SourceLocation(file: fileIndex(file), line: max(line, 0), column: line > 0 ? max(column, 0) : 0)
    }

    /// A new error object, as a value.
    public func makeError(_ message: String, _ irritants: Value..., kind: ErrorObject.Kind = .general,
                          at location: SourceLocation = .none) -> Value {
        ErrorObject.make(message: message, irritants: irritants, kind: kind, location: location, in: heap)
    }

    /// A raise of a new error object, for builtins to throw.
    public func error(_ message: String, _ irritants: Value..., kind: ErrorObject.Kind = .general,
                      at location: SourceLocation = .none) -> SchemeRaise {
        SchemeRaise(ErrorObject.make(message: message, irritants: irritants, kind: kind, location: location, in: heap))
    }

    /// Marks everything the runtime holds besides the VM stacks.
    func traceRoots(_ marker: inout Marker) {
        for s in coreIdentifiers.values { marker.markObject(s) }
        marker.markObject(system)
        marker.markObject(interaction)
        for lib in libraries.values { lib.trace(&marker) }
        for env in loadingEnvironments { marker.markObject(env) }
        for env in keptEnvironments { marker.markObject(env) }
        for v in handles.values { marker.mark(v) }
        for v in kept { marker.mark(v) }
        marker.markObject(currentOutput)
        marker.markObject(currentError)
        marker.markObject(currentInput)
        if let stdoutPort { marker.markObject(stdoutPort) }
        if let stderrPort { marker.markObject(stderrPort) }
    }

    /// Runs `body` with `values` kept alive: for Swift code that holds values across top-level calls
    /// into this instance (see `Heap`'s invariant; runs started inside a run need nothing).
    public func keeping<T>(_ values: [Value], _ body: () throws -> T) rethrows -> T {
        let mark = kept.count
        kept.append(contentsOf: values)
        defer { kept.removeSubrange(mark...) }
        return try body()
    }

    /// `keeping` for runtime code, which throws Scheme raises: library loading keeps the forms it
    /// read while it runs them (runs from Swift protect them too, see `Heap`; this says so on purpose).
    func withRooted<T>(_ value: Value, _ body: () throws(SchemeRaise) -> T) throws(SchemeRaise) -> T {
        let mark = kept.count
        kept.append(value)
        defer { kept.removeSubrange(mark...) }
        return try body()
    }

    /// Runs a full collection now (only safe between evaluations or from the VM's safe points).
    public func collectGarbage() {
        vm.collect(vm.regs)
    }
}
