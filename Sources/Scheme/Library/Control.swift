#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch

/// Builtins for control, errors, evaluation and the process: the Swift half of `00-control.scm`.
let controlBuiltins: [Builtin] = [
    Builtin("apply", .atLeast(2), special: .apply),
    Builtin("%call/cc", .exactly(1), special: .callCC),
    Builtin("values", .atLeast(0), special: .values),
    Builtin("%apply-values", .exactly(2), special: .applyValues),
    Builtin("%uncaught", .exactly(1), special: .abort),
    Builtin("%exit", .exactly(1), special: .exit),
    // (%check-exit): raises the error an `exit` gets where it is refused (the sandbox, a host's
    // `exitRefusal`), so that `exit` refuses before it unwinds: after, no `guard` could catch it.
    Builtin("%check-exit", .exactly(0)) { _, rt in
        if let refusal = rt.exitRefusalError() { throw refusal }
        return .unspecified
    },
    Builtin("error", .atLeast(1)) { a, rt in throw SchemeRaise(ErrorObject.make(
        message: ErrorObject.message(a[0], in: rt.heap), irritants: rt.heap.list(Array(a.array.dropFirst())), in: rt.heap)) },
    // (%error-at LOCATION MESSAGE IRRITANT ...): `error`, located at LOCATION, a (file line column)
    // list (#f: where it is called), for code that reports errors at its input's locations.
    Builtin("%error-at", .atLeast(2)) { a, rt in throw SchemeRaise(ErrorObject.make(
        message: ErrorObject.message(a[1], in: rt.heap), irritants: rt.heap.list(Array(a.array.dropFirst(2))),
        location: rt.sourceLocation(a[0]), in: rt.heap)) },
    // (%nesting-limit): the deepest expression nesting the expander accepts, for code that walks
    // source before it is expanded (the layout loader) and must refuse what the expander would.
    Builtin("%nesting-limit", .exactly(0)) { _, rt in .fixnum(rt.maxNesting) },
    Builtin("error-object-location", .exactly(1)) { a, rt in
        rt.locationValue(try rt.errorObject(a[0], "error-object-location").location) },
    Builtin("%make-error", .exactly(2)) { a, rt in ErrorObject.make(
        message: ErrorObject.message(a[0], in: rt.heap), irritants: rt.heap.list(a[1].listElements ?? []), in: rt.heap) },
    Builtin("error-object?", .exactly(1)) { a, _ in .bool(ErrorObject(a[0]) != nil) },
    Builtin("error-object-message", .exactly(1)) { a, rt in
        let m = try rt.errorObject(a[0], "error-object-message").record.field(0)
        return ErrorObject.message(m, in: rt.heap) },
    Builtin("error-object-irritants", .exactly(1)) { a, rt in
        // A copy: a program that changes the list it gets does not change the error.
        rt.heap.list(try rt.errorObject(a[0], "error-object-irritants").irritants) },
    Builtin("read-error?", .exactly(1)) { a, _ in .bool(ErrorObject(a[0])?.kind == .read) },
    Builtin("file-error?", .exactly(1)) { a, _ in .bool(ErrorObject(a[0])?.kind == .file) },
    Builtin("%compile", .range(1, 2)) { a, rt in
        try rt.compileProgramForm(a[0], in: a.count > 1 ? try rt.environmentArgument(a[1], "eval") : rt.interaction) },
    // (%compile-sequence FORMS ENV): `%compile` of (begin FORM ...) with the system's begin, whatever
    // ENV binds `begin` to: one thunk for a run of top-level forms (the layout loader compiles a run
    // of thousands of view definitions as one form instead of each by itself).
    Builtin("%compile-sequence", .exactly(2)) { a, rt in
        let begin = Value.symbol(Unmanaged.passUnretained(rt.coreIdentifier("begin")))
        return try rt.compileProgramForm(rt.heap.cons(begin, a[0]), in: try rt.environmentArgument(a[1], "eval")) },
    // (%environment-procedure ENV SYMBOL): the procedure SYMBOL's variable holds in ENV; #f when
    // SYMBOL is syntax there, unbound, or holds anything else. With %core-syntax? and
    // %environment-define!, for code that evaluates a form of a known shape without compiling it
    // (the layout loader's view definitions: an expansion, a compilation and their garbage for
    // each of thousands of definitions was most of what binding a view cost, issue 19).
    Builtin("%environment-procedure", .exactly(2)) { a, rt in
        let env = try rt.environmentArgument(a[0], "%environment-procedure")
        guard case .global(let cell)? = env.peek(try rt.symbolArg(a[1], "%environment-procedure")),
              cell.value.isProcedure else { return .false }
        return cell.value },
    // (%environment-system-procedure ENV SYMBOL): the procedure SYMBOL's variable holds in ENV
    // when that variable is a system environment's (a prelude's), seen through an import that ENV
    // did not define or assign again; #f otherwise. (For the loader's call trees: a call of the
    // prelude's own constructor does nothing but what the constructor does.)
    Builtin("%environment-system-procedure", .exactly(2)) { a, rt in
        let env = try rt.environmentArgument(a[0], "%environment-system-procedure")
        guard case .global(let cell)? = env.peek(try rt.symbolArg(a[1], "%environment-system-procedure")),
              cell.isSystem || cell.isMirror, cell.root.isSystem, cell.value.isProcedure else { return .false }
        return cell.value },
    // (%environment-value ENV SYMBOL DEFAULT): the value SYMBOL's variable holds in ENV, what a
    // reference to it compiled in ENV gives; DEFAULT when SYMBOL is syntax or unbound there, or
    // its variable has no value yet (for the loader's call trees, evaluated without compiling).
    Builtin("%environment-value", .exactly(3)) { a, rt in
        let env = try rt.environmentArgument(a[0], "%environment-value")
        guard case .global(let cell)? = env.peek(try rt.symbolArg(a[1], "%environment-value")) else { return a[2] }
        if case .undefined = cell.value { return a[2] }
        return cell.value },
    // (%set-call-site! DATUM): locates errors raised where no user code runs where the reader
    // read DATUM (nowhere for #f or a datum it did not read), as compiled code made of DATUM would
    // be, until set again or the host's evaluation ends (`VM.callSite`: the loader's call trees,
    // evaluated without compiling).
    Builtin("%set-call-site!", .exactly(1)) { a, rt in
        if case .pair(let p) = a[0] { rt.vm.callSite = p.location } else { rt.vm.callSite = .none }
        return .unspecified },
    // (%set-call-location! LOC): the same for a location (FILE LINE COLUMN), #f for none: where a
    // raise no user code's frame is left to locate is located (an area procedure's raise in tail
    // position, which replaced the procedure's frame, and the solver that called it is the prelude's).
    Builtin("%set-call-location!", .exactly(1)) { a, rt in rt.vm.callSite = rt.sourceLocation(a[0]); return .unspecified },
    // (%core-syntax? ENV SYMBOL ...): whether each SYMBOL means in ENV the core special form of its
    // name (`define` is still define, not a variable or a macro of the program's). Several at once:
    // the layout loader asks for define and quote before each style it defines (issue 19).
    Builtin("%core-syntax?", .atLeast(2)) { a, rt in
        let env = try rt.environmentArgument(a[0], "%core-syntax?")
        for i in 1..<a.count {
            let id = try rt.symbolArg(a[i], "%core-syntax?")
            guard case .syntax(.special(let form))? = env.peek(id), form.rawValue == id.name else { return .false }
        }
        return .true },
    // (%environment-define! ENV SYMBOL VALUE): what a top-level (define SYMBOL 'VALUE) compiled in
    // ENV does. Not in a system environment (sealed: see `Environment`).
    Builtin("%environment-define!", .exactly(3)) { a, rt in
        let env = try rt.environmentArgument(a[0], "%environment-define!")
        guard !env.isSystem else { throw rt.error("%environment-define!: a system environment is sealed", a[0]) }
        env.defineVariable(try rt.symbolArg(a[1], "%environment-define!")).define(a[2])
        return .unspecified },
    Builtin("%read-file", .exactly(1)) { a, rt in rt.heap.list(try rt.readFile(try rt.string(a[0], "load").string, who: "load")) },
    Builtin("interaction-environment", .exactly(0)) { _, rt in .object(Unmanaged.passUnretained(rt.interaction)) },
    Builtin("scheme-report-environment", .range(0, 1)) { a, rt in try rt.reportEnvironment(a, "scheme-report-environment") },
    Builtin("null-environment", .range(0, 1)) { a, rt in try rt.reportEnvironment(a, "null-environment") },
    Builtin("environment", .atLeast(0)) { a, rt in
        let env = rt.makeEnvironment(name: "environment", importing: [])
        try rt.importSets(a.array, into: env)
        return .object(Unmanaged.passUnretained(env))
    },
    Builtin("%make-parameter", .exactly(2)) { a, rt in
        .procedure(Unmanaged.passUnretained(rt.heap.own(Parameter(value: a[0], converter: a[1])))) },
    Builtin("%parameter?", .exactly(1)) { a, _ in .bool(a[0].object(Parameter.self) != nil) },
    Builtin("%param-value", .exactly(1)) { a, rt in try rt.parameter(a[0]).value },
    Builtin("%param-set!", .exactly(2)) { a, rt in try rt.parameter(a[0]).set(a[1], rt.heap); return .unspecified },
    Builtin("%param-converter", .exactly(1)) { a, rt in try rt.parameter(a[0]).converter },
    Builtin("%make-case-lambda", .atLeast(1)) { a, rt in
        var clauses: [Closure] = []
        for v in a.array {
            guard case .closure(let c) = v else { throw rt.typeError("case-lambda", "a lambda", v) }
            clauses.append(c)
        }
        return .procedure(Unmanaged.passUnretained(rt.heap.own(CaseLambda(clauses: clauses))))
    },
    Builtin("%append2", .exactly(2)) { a, rt in rt.heap.list(try rt.list(a[0], "append"), tail: a[1]) },
    Builtin("%import", .exactly(2)) { a, rt in
        try rt.importSets(Array((a[0].listElements ?? []).dropFirst()), into: try rt.environmentArgument(a[1], "import"))
        return .unspecified
    },
    Builtin("%define-library", .exactly(2)) { a, rt in
        try rt.defineLibrary(a[0], file: nil)
        return .unspecified
    },
    Builtin("read", .range(0, 1)) { a, rt in
        guard let port = (a.count > 0 ? a[0] : rt.currentInput.value).object(Port.self), port.isInput, !port.isBinary else {
            throw rt.typeError("read", "a textual input port", a.optional(0, .unspecified))
        }
        guard port.isOpen else { throw rt.error("read: the port is closed") }
        return try port.readDatum(rt) ?? .eof
    },
    Builtin("disassemble", .exactly(1)) { a, rt in rt.heap.string(try Disassembler.text(of: a[0], rt)) },
    Builtin("collect-garbage", .exactly(0)) { _, rt in rt.collectGarbage(); return .unspecified },
    Builtin("%heap-statistics", .exactly(0)) { _, rt in
        rt.heap.list([.fixnum(rt.heap.collections), .fixnum(rt.heap.objectCount), .fixnum(rt.heap.liveBytes),
                      .fixnum(rt.heap.symbolCount), .fixnum(rt.heap.symbolsCollected)]) },
    Builtin("features", .exactly(0)) { _, rt in rt.heap.list(rt.features.map { rt.symbol($0) }) },
    Builtin("command-line", .exactly(0)) { _, rt in rt.heap.list(rt.commandLine.map { rt.heap.string($0) }) },
    Builtin("get-environment-variable", .exactly(1)) { a, rt in
        try rt.refuseInSandbox("get-environment-variable")
        return getenv(try rt.string(a[0], "get-environment-variable").string).map { rt.heap.string(String(cString: $0)) } ?? .false
    },
    Builtin("get-environment-variables", .exactly(0)) { _, rt in
        try rt.refuseInSandbox("get-environment-variables")
        return rt.heap.list(hostEnvironment().sorted { $0.name < $1.name }
            .map { rt.heap.cons(rt.heap.string($0.name), rt.heap.string($0.value)) })
    },
    Builtin("current-second", .exactly(0)) { _, _ in .flonum(Date().timeIntervalSince1970) },
    Builtin("current-jiffy", .exactly(0)) { _, _ in .fixnum(Int(DispatchTime.now().uptimeNanoseconds / 1000)) },
    Builtin("jiffies-per-second", .exactly(0)) { _, _ in .fixnum(1_000_000) },
]

/// The process's environment as it stands, from `environ` (what `getenv` reads), an entry without
/// `=` left out and a name given twice kept once (its first value, as `getenv` answers).
/// Why not `ProcessInfo.processInfo.environment` (nor for `getenv`'s one variable): in a binary that
/// links the standard library statically, as `htll` does, its getter frees memory that
/// ThreadSanitizer's allocator did not make, which stopped every ThreadSanitizer build of the
/// command at its first layout or REPL (fuzz/README.md, "Sanitizers").
func hostEnvironment() -> [(name: String, value: String)] {
    #if canImport(Darwin)
    let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
    #else
    let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    #endif
    guard var entry = list else { return [] }
    var pairs: [(name: String, value: String)] = []
    var seen = Set<String>()
    while let p = entry.pointee {
        let text = String(cString: p)
        if let eq = text.firstIndex(of: "=") {
            let name = String(text[..<eq])
            if seen.insert(name).inserted { pairs.append((name, String(text[text.index(after: eq)...]))) }
        }
        entry += 1
    }
    return pairs
}

extension Runtime {
    /// Installs the special forms and the core builtins in the system environment (before the
    /// Scheme prelude runs).
    func installCore() {
        for sf in SpecialForm.allCases { system.defineSyntax(intern(sf.rawValue), .special(sf)) }
        install(controlBuiltins)
        installLibraries()
        for op in Opcode.allCases {
            if let (name, _) = op.inlinedBuiltin, case .global(let cell)? = system.peek(intern(name)) {
                vm.inlinedBuiltins[Int(op.rawValue)] = cell.value.object(BuiltinProcedure.self)
            }
        }
    }

    /// Seals the system environment once the prelude has run: the VM raises through the system's
    /// `raise`, the standard libraries are built, and the program's top level starts with the default
    /// imports (replaced by a first `import`).
    func sealSystem() {
        if case .global(let cell)? = system.peek(intern("raise")) { raiseCell = cell }
        installStandardLibraries()
        interaction = makeEnvironment(name: "top level", importing: [Runtime.defaultLibrary])
        interaction.pristine = true
    }

    /// An environment argument (of `eval`, `import` and friends).
    func environmentArgument(_ v: Value, _ who: String) throws(SchemeRaise) -> Environment {
        try object(v, Environment.self, who, "an environment")
    }

    /// `(scheme-report-environment 5)` and `(null-environment 5)`: R5RS's bindings, or its syntax alone.
    func reportEnvironment(_ a: Arguments, _ who: String) throws(SchemeRaise) -> Value {
        if a.count > 0, case .fixnum(let v) = a[0], v != 5 { throw error("\(who): only version 5 is supported, got", a[0]) }
        let env = makeEnvironment(name: who, importing: [])
        for e in (libraries["scheme r5rs"]?.exports ?? [:]).values {
            if who == "null-environment", case .global = e.binding { continue }
            env.importBinding(e.id, e.binding)
        }
        return .object(Unmanaged.passUnretained(env))
    }

    func parameter(_ v: Value) throws(SchemeRaise) -> Parameter {
        try object(v, Parameter.self, "parameterize", "a parameter object")
    }

    func errorObject(_ v: Value, _ who: String) throws(SchemeRaise) -> ErrorObject {
        guard let e = ErrorObject(v) else { throw typeError(who, "an error object", v) }
        return e
    }

    /// Raises a file error in a sandbox: for builtins that touch the process or its environment.
    func refuseInSandbox(_ who: String) throws(SchemeRaise) {
        if sandboxed { throw error("\(who): not allowed in the sandbox", kind: .file) }
    }

    /// Flushes buffered output on the standard ports.
    public func flushStandardPorts() {
        for p in [currentOutput, currentError] {
            p?.value.object(Port.self)?.flush()
        }
        stdoutPort?.flush()
        stderrPort?.flush()
        for port in outputFiles.all { port.flush() }
    }

    /// Why writing to standard output or error, or to an output file, failed since the last call
    /// and was not reported as an error of a write (a full disk, a closed pipe), for the host to
    /// report; or nil.
    public func takeStandardWriteError() -> String? {
        if let reason = stdoutPort?.takeWriteError() { return "cannot write to standard output: \(reason)" }
        if let reason = stderrPort?.takeWriteError() { return "cannot write to standard error: \(reason)" }
        for port in outputFiles.all {
            if let reason = port.takeWriteError() {
                return "cannot write to \(Printer.quoted(port.path ?? "a file")): \(reason)"
            }
        }
        return nil
    }
}
