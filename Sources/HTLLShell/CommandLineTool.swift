#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Scheme
import HTLL

/// Parses the command line and runs the requested mode; returns the process exit status.
public struct CommandLineTool {
    let arguments: [String]

    /// A tool for these arguments (the command line without the program name).
    public init(arguments: [String]) { self.arguments = arguments }

    static let usage = """
    usage: htll [options] [FILE [ARGS...]]
           htll compile FILE.htll --action ACTION     print an htllc fragment (property, synthesize,
                                                     view-did-load, view-will-appear,
                                                     view-will-layout-subviews, cell-init, cell-layout)
           htll compile FILE.htll --objc [--class NAME]   print a complete Objective-C category
           htll compile FILE.htll --swift [--view NAME | --class NAME]   print Swift UIKit code
                        (compile --rtl: the code also mirrors the frames in right-to-left languages)
           htll frames FILE.htll [--size WxH | --device NAME] [--landscape] [--safe-area T,L,B,R] [--rtl]
                                                     solved frames as JSON (a device brings its safe area)
           htll preview FILE.htll [-o OUT.svg|OUT.png] [--device NAME]... [--landscape|--both]
                        [--size WxH] [--safe-area T,L,B,R] [--rtl] [--scale N] [--outline] [--watch]
                                                     draw the layout as an iOS screen
           htll serve FILE.htll [--port N] [--host ADDRESS]   a live preview page in the browser
           htllc [-v ios6] ACTION FILE.htll        the original htllc command line (argv[0] alias)
           htll -e EXPR            evaluate EXPR and print its value
           htll -i FILE            load FILE, then start the REPL
           htll --disassemble FILE print the bytecode of every form in FILE
           htll repl               start the REPL (also: htll with no arguments)
           htll doc [-o DIR]       write the language reference (docs/reference.md) from the tables

    options:
      -I DIR         add DIR to the library search path
      --sandbox      refuse file, process and environment access (scripts and the
                     layout commands; a layout may still include files from its folder),
                     and run under the limits below (see the README's threat model)
      -h, --help     show this help
      --version      show the version

    limits (scripts and layout commands; the layout commands take them anywhere):
    \(LimitOptions.help)

    profiling (scripts, -e and the layout commands, which take it anywhere):
    \(ProfileOption.help)

    A script's uncaught error prints file:line:col: error: message, and htll exits with status 70.
    """

    /// `htll repl --help`.
    static let replUsage = """
    usage: htll repl                 start the REPL (so does htll with no arguments)
           htll -i FILE [ARGS...]    load FILE, then start the REPL (an error in FILE is shown, the REPL opens)
    On a terminal the REPL edits lines with GNU Readline, keeps history in ~/.htll_history and
    completes names with Tab; without a terminal it reads standard input to the end without prompts.
    HTLL is loaded: a layout placed with (in ...) shows its frames.

    \(Repl.help)
    """

    /// The subcommands that load a layout file.
    static let layoutCommands: Set<String> = ["compile", "frames", "preview", "htllc", "serve"]

    /// Exit status for an uncaught Scheme error (EX_SOFTWARE).
    static let errorStatus: Int32 = 70
    /// Exit status for a bad command line (EX_USAGE).
    static let usageStatus: Int32 = 64

    /// The name the binary was invoked as (`htllc` selects the original command line).
    var programName = (CommandLine.arguments.first.map { PathNames.lastComponent(of: $0) }) ?? "htll"

    /// Runs the requested mode and returns the process exit status.
    public func run() -> Int32 {
        // The layout commands take --sandbox anywhere (before the command too): a build that runs
        // other people's layouts can keep them from the file system, processes and environment.
        // Options before a layout command (--sandbox, limit flags) belong to it.
        var lead = 0
        while lead < arguments.count {
            if arguments[lead] == "--sandbox" || ProfileOption.isFlag(arguments[lead]) { lead += 1 }
            else if LimitOptions.isFlag(arguments[lead]) { lead += 2 } else { break }
        }
        if arguments.first == "doc" { return emit(HTLLCommand.doc(Array(arguments.dropFirst()))) }
        if programName == "htllc" {
            return runLayoutCommand("htllc", Array(arguments))
        }
        if lead < arguments.count, Self.layoutCommands.contains(arguments[lead]) {
            return runLayoutCommand(arguments[lead], Array(arguments[..<lead] + arguments[(lead + 1)...]))
        }
        var args = arguments[...]
        var searchPath: [String] = []
        var sandbox = false
        var limitOptions = LimitOptions()
        var expressions: [String] = []
        var interactiveAfter = false
        var disassemble = false
        var profile: ProfileOption?
        while let a = args.first, a.hasPrefix("-"), a != "-" {
            args.removeFirst()
            switch a {
            case "-h", "--help":
                return printed(Self.usage + "\n")
            case "--version":
                return printed("htll 0.1.0\n")
            case "-I":
                guard let d = args.popFirst() else { return usageError("-I needs a directory") }
                searchPath.append(d)
            case "--sandbox":
                sandbox = true
            case "-e":
                guard let e = args.popFirst() else { return usageError("-e needs an expression") }
                expressions.append(e)
            case "-i":
                interactiveAfter = true
            case "--disassemble":
                disassemble = true
            case "--":
                break
            case _ where ProfileOption.isFlag(a):
                profile = ProfileOption(a)
            case _ where LimitOptions.isFlag(a):
                if let problem = limitOptions.take(a, args.popFirst()) { return usageError(problem) }
            default:
                return usageError("unknown option \(a)")
            }
        }
        var base = Layout.limits(sandbox: sandbox)
        base.nesting = 100_000
        let limits = limitOptions.applied(to: base)
        let command = { [args] () -> Int32 in
            let scheme = Scheme(limits: limits, sandbox: sandbox)
            scheme.searchPath = searchPath
            return finish(run(scheme, args, expressions: expressions, interactiveAfter: interactiveAfter,
                              disassemble: disassemble), scheme)
        }
        guard let profile else { return command() }
        // The REPL has its own Ctrl-C (it interrupts the evaluation and goes on).
        let repl = interactiveAfter || (expressions.isEmpty && (args.isEmpty || args.first == "repl"))
        return profile.run(catchInterrupt: !repl, command)
    }

    /// Runs expressions, a file (`-` is standard input) or the REPL in `scheme`; the exit status.
    func run(_ scheme: Scheme, _ arguments: ArraySlice<String>, expressions: [String], interactiveAfter: Bool,
             disassemble: Bool) -> Int32 {
        var args = arguments
        if !expressions.isEmpty {
            scheme.commandLine = ["htll"] + args
            // With HTLL, as at the REPL: `htll -e "(label '())"` makes a label. Its prelude is most
            // of the start-up, so an expression that cannot use it (`htll -e 1`) runs without it.
            let session = LayoutNeed.mayUseLayout(expressions, in: scheme)
                ? self.session(scheme, interactive: false) : Repl(scheme: scheme, interactive: false)
            session.inputName = "<command line>"
            for e in expressions {
                var splitter = InputSplitter(scheme: scheme)
                var last: [Value] = []
                for datum in splitter.feed(e) + splitter.finish() {
                    switch session.evaluate(datum) {
                    case .values(let vs): last = vs
                    case .failed(let error): return report(error, scheme)
                    case .exit(let code): return code
                    }
                }
                // Kept while each is written (writing may evaluate, and so collect garbage).
                let kept = last.map { scheme.retain($0) }
                defer { kept.forEach { scheme.release($0) } }
                for v in last {
                    let text = session.writeValue?(v) ?? scheme.write(v)
                    if !text.isEmpty { scheme.writeToStandardOutput(text + "\n") }
                }
            }
            return 0
        }
        if args.first == "repl" {
            let rest = args.dropFirst()
            if rest.contains("-h") || rest.contains("--help") {
                print(Self.replUsage)
                return 0
            }
            if let extra = rest.first { return usageError("repl: unexpected argument \(extra)") }
            return session(scheme).run()
        }
        if args.isEmpty {
            return session(scheme).run()
        }
        guard let file = args.popFirst() else { return usageError("missing file") }
        scheme.commandLine = [file] + args
        // Libraries are looked up in -I directories, then beside the script.
        scheme.searchPath.append(file == "-" ? "." : FileSandbox.parentFolder(of: file))
        if disassemble { return disassembleFile(file, scheme) }
        guard interactiveAfter else {
            do {
                // `-` is the program on standard input, as for guile and chibi-scheme.
                if file == "-" {
                    try scheme.evaluate(try Self.standardInput(), file: "<stdin>")
                } else {
                    try scheme.load(path: file)
                }
            } catch {
                return report(error, scheme)
            }
            return 0
        }
        // -i: HTLL first, so the file may use it; the file's forms are evaluated as typed ones
        // (views named, calls located). An error stops the loading and shows, then the REPL opens.
        let repl = session(scheme)
        do {
            try HTLL.loadInteractive(path: file, into: scheme)
        } catch {
            let status = report(error, scheme)
            if let e = error as? SchemeError, e.kind == .exit { return status }
        }
        // The file's layout is the current one, not news for the first typed expression.
        _ = repl.layoutWatch?.changed()
        return repl.run()
    }

    /// A layout command (`compile`, `frames`, `preview`, `htllc`) with its arguments, from which
    /// `--sandbox`, `--profile` and the limit flags are taken wherever they are.
    func runLayoutCommand(_ command: String, _ arguments: [String]) -> Int32 {
        var options = LimitOptions()
        let rest: [String]
        switch options.extract(from: arguments) {
        case .success(let r): rest = r.filter { $0 != "--sandbox" && !ProfileOption.isFlag($0) }
        case .failure(let e): return usageError(e.message)
        }
        if let flag = arguments.last(where: ProfileOption.isFlag) {
            if command == "serve" { return usageError("serve does not take --profile (it runs until stopped)") }
            let taken = options
            return ProfileOption(flag).run(catchInterrupt: true) { runLayoutCommand(command, rest, taken, arguments) }
        }
        return runLayoutCommand(command, rest, options, arguments)
    }

    /// The layout command with its options taken out.
    func runLayoutCommand(_ command: String, _ rest: [String], _ options: LimitOptions, _ arguments: [String]) -> Int32 {
        // serve always runs the layout sandboxed, under the --sandbox limits.
        let sandbox = arguments.contains("--sandbox") || command == "serve"
        let limits = options.applied(to: Layout.limits(sandbox: sandbox))
        switch command {
        case "compile":
            return emit(rest.contains("--swift") ? HTLLCommand.swift(rest, sandbox: sandbox, limits: limits)
                                                 : HTLLCommand.compile(rest, sandbox: sandbox, limits: limits))
        case "frames": return emit(HTLLCommand.frames(rest, sandbox: sandbox, limits: limits))
        case "preview": return emit(HTLLCommand.preview(rest, sandbox: sandbox, limits: limits))
        case "serve": return emit(HTLLCommand.serve(rest, limits: limits))
        case "htllc" where programName == "htllc":
            return emit(HTLLCommand.htllc(rest, programName: programName, sandbox: sandbox, limits: limits))
        default: return emit(HTLLCommand.htllc(rest, sandbox: sandbox, limits: limits))
        }
    }

    /// A REPL on `scheme` with HTLL installed and hooked in: typed forms name views and locate
    /// calls, views print readably, `,describe`, `,apropos`, completion, `,frames` and `,objc`
    /// know layouts.
    func session(_ scheme: Scheme, interactive: Bool? = nil) -> Repl {
        let repl = Repl(scheme: scheme, interactive: interactive)
        do {
            try HTLL.installInteractive(into: scheme)
        } catch {
            Self.writeError("htll: the layout prelude failed to load: \(error)\n")
            return repl
        }
        repl.evaluator = { form in try HTLL.evaluateInteractive(form, in: scheme) }
        repl.writeValue = { value in HTLL.interactiveText(of: value, in: scheme) }
        repl.describeExtra = { name in HTLL.description(of: name, in: scheme) }
        repl.extraCompletions = { prefix, _ in HTLL.completions(in: scheme, prefix: prefix) }
        repl.extraApropos = { text in HTLL.apropos(text, in: scheme) }
        repl.showFrames = { HTLL.currentFramesJSON(in: scheme) }
        repl.showObjC = { HTLL.currentObjectiveC(in: scheme) }
        // An expression that placed a new layout (`in`, `in-cell`) shows the frames it solved.
        let watch = LayoutWatch(scheme)
        repl.presentResult = { _ in watch.changed() ? HTLL.currentFramesJSON(in: scheme) : nil }
        repl.layoutWatch = watch
        return repl
    }

    /// Exit status when the output cannot be written (EX_IOERR): a full disk, a closed pipe.
    static let outputErrorStatus: Int32 = 74

    /// Writes `text` to standard output; false (after saying why on standard error) if it failed.
    static func writeOutput(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { writeOutput(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes generated bytes to standard output as they are; false (after saying why) if it failed.
    static func writeOutput(_ generated: GeneratedText) -> Bool {
        generated.forEachPiece { writeOutput(bytes: $0) }
    }

    /// Writes `bytes` to standard output; false (after saying why on standard error) if it failed.
    static func writeOutput(bytes: UnsafeRawBufferPointer) -> Bool {
        guard let reason = Scheme.writeAll(bytes: bytes, to: STDOUT_FILENO) else { return true }
        writeError("htll: cannot write to standard output: \(reason)\n")
        return false
    }

    /// Writes `text` to standard error (nowhere else to report a failure there).
    static func writeError(_ text: String) {
        _ = Scheme.writeAll(text, to: STDERR_FILENO)
    }

    /// Everything on standard input.
    static func standardInput() throws -> String {
        switch FileSandbox.readAll(dup(STDIN_FILENO), maxBytes: Int.max) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(.failed(let why)): throw SchemeError(kind: .file, message: "cannot read standard input: \(why)", file: "<stdin>")
        case .failure(.tooLarge): throw SchemeError(kind: .file, message: "cannot read standard input: too large", file: "<stdin>")
        }
    }

    /// Flushes what `scheme` wrote; `status`, or the output error status if writing failed.
    /// The instance of a script, expression or REPL, kept once its output is flushed: the process
    /// exits right after, and freeing the instance object by object was about a tenth of start-up's
    /// work (issue 17); the system frees the memory at once.
    nonisolated(unsafe) static var keptUntilExit: [Scheme] = []

    func finish(_ status: Int32, _ scheme: Scheme) -> Int32 {
        // Flushing writes what is buffered on every open output port (files left open included).
        defer { Self.keptUntilExit.append(scheme) }
        guard let failure = scheme.flush() else { return status }
        Self.writeError("htll: \(failure)\n")
        return status != 0 ? status : Self.outputErrorStatus
    }

    /// Prints an HTLL command's output and returns its status.
    func emit(_ r: HTLLCommand.Result) -> Int32 {
        let written = r.generated.map(Self.writeOutput) ?? Self.writeOutput(r.output)
        Self.writeError(r.errorOutput)
        return written || r.status != 0 ? r.status : Self.outputErrorStatus
    }

    /// Prints `text` on standard output: 0, or the output error status.
    func printed(_ text: String) -> Int32 { Self.writeOutput(text) ? 0 : Self.outputErrorStatus }

    func usageError(_ message: String) -> Int32 {
        Self.writeError("htll: \(message)\n\(Self.usage)\n")
        return Self.usageStatus
    }

    /// Prints an uncaught error (or honours `exit`) and returns the exit status.
    func report(_ error: Error, _ scheme: Scheme) -> Int32 {
        // What the program wrote comes before the report; a failure to write it, after.
        let failure = scheme.flush()
        defer { if let failure { Self.writeError("htll: \(failure)\n") } }
        if let e = error as? SchemeError {
            if e.kind == .exit { return e.exitCode != 0 || failure == nil ? e.exitCode : Self.outputErrorStatus }
            Self.writeError(e.report + "\n")
        } else {
            Self.writeError("error: \(error)\n")
        }
        return Self.errorStatus
    }

    func disassembleFile(_ file: String, _ scheme: Scheme) -> Int32 {
        let text: String
        do {
            if file == "-" {
                text = try Self.standardInput()
            } else {
                let fd = open(file, O_RDONLY | O_CLOEXEC)
                guard fd >= 0, case .success(let bytes) = FileSandbox.readAll(fd, maxBytes: Int.max) else {
                    throw SchemeError(kind: .file, message: "cannot open file \"\(file)\"", file: file)
                }
                text = String(decoding: bytes, as: UTF8.self)
            }
            return printed(try scheme.disassemble(text, file: file == "-" ? "<stdin>" : file))
        } catch {
            return report(error, scheme)
        }
    }
}

/// Notices when an evaluation placed a new layout (`in`, `in-cell`): the REPL then shows its frames.
final class LayoutWatch {
    let scheme: Scheme
    private var root: Value

    init(_ scheme: Scheme) {
        self.scheme = scheme
        root = HTLL.placedLayout(in: scheme)
    }

    /// Whether the current layout is another than at the last call (and a layout at all).
    func changed() -> Bool {
        let now = HTLL.placedLayout(in: scheme)
        defer { root = now }
        return !now.isEq(root) && now.isTrue
    }
}
