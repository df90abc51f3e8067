import Foundation
import Scheme
import HTLL

/// Parses the command line and runs the requested mode; returns the process exit status.
struct CommandLineTool {
    let arguments: [String]

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
           htllc [-v ios6] ACTION FILE.htll        the original htllc command line (argv[0] alias)
           htll -e EXPR            evaluate EXPR and print its value
           htll -i FILE            load FILE, then start the REPL
           htll --disassemble FILE print the bytecode of every form in FILE
           htll repl               start the REPL (also: htll with no arguments)
           htll doc [-o DIR]       write the language reference (docs/reference.md) from the tables

    options:
      -I DIR         add DIR to the library search path
      --sandbox      refuse file, process and environment access (scripts and the
                     layout commands; a layout may still include files from its folder)
      -h, --help     show this help
      --version      show the version

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
    static let layoutCommands: Set<String> = ["compile", "frames", "preview", "htllc"]

    /// Exit status for an uncaught Scheme error (EX_SOFTWARE).
    static let errorStatus: Int32 = 70
    /// Exit status for a bad command line (EX_USAGE).
    static let usageStatus: Int32 = 64

    /// The name the binary was invoked as (`htllc` selects the original command line).
    var programName = (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }) ?? "htll"

    func run() -> Int32 {
        // The layout commands take --sandbox anywhere (before the command too): a build that runs
        // other people's layouts can keep them from the file system, processes and environment.
        var head = arguments[...]
        var layoutSandbox = false
        while head.first == "--sandbox", let next = head.dropFirst().first, Self.layoutCommands.contains(next) {
            layoutSandbox = true
            head.removeFirst()
        }
        func layoutArguments(_ args: ArraySlice<String>) -> [String] {
            if args.contains("--sandbox") { layoutSandbox = true }
            return args.filter { $0 != "--sandbox" }
        }
        if head.first == "doc" { return emit(HTLLCommand.doc(Array(head.dropFirst()))) }
        if programName == "htllc" {
            let rest = layoutArguments(head)
            return emit(HTLLCommand.htllc(rest, programName: programName, sandbox: layoutSandbox))
        }
        if let command = head.first, Self.layoutCommands.contains(command) {
            let rest = layoutArguments(head.dropFirst())
            switch command {
            case "compile":
                return emit(rest.contains("--swift") ? HTLLCommand.swift(rest, sandbox: layoutSandbox)
                                                     : HTLLCommand.compile(rest, sandbox: layoutSandbox))
            case "frames": return emit(HTLLCommand.frames(rest, sandbox: layoutSandbox))
            case "preview": return emit(HTLLCommand.preview(rest, sandbox: layoutSandbox))
            default: return emit(HTLLCommand.htllc(rest, sandbox: layoutSandbox))
            }
        }
        var args = arguments[...]
        var searchPath: [String] = []
        var sandbox = false
        var expressions: [String] = []
        var interactiveAfter = false
        var disassemble = false
        while let a = args.first, a.hasPrefix("-"), a != "-" {
            args.removeFirst()
            switch a {
            case "-h", "--help":
                print(Self.usage)
                return 0
            case "--version":
                print("htll 0.1.0")
                return 0
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
            default:
                return usageError("unknown option \(a)")
            }
        }
        let scheme = Scheme(limits: .init(nesting: 100_000), sandbox: sandbox)
        scheme.runtime.searchPath = searchPath
        defer { scheme.flush() }
        if !expressions.isEmpty {
            scheme.runtime.commandLine = ["htll"] + args
            // With HTLL, as at the REPL: `htll -e "(label '())"` makes a label.
            let session = self.session(scheme, interactive: false)
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
                for v in last {
                    let text = session.writeValue?(v) ?? scheme.write(v)
                    if !text.isEmpty { scheme.runtime.writeToStandardOutput(text + "\n") }
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
        scheme.runtime.commandLine = [file] + args
        // Libraries are looked up in -I directories, then beside the script.
        scheme.runtime.searchPath.append((file as NSString).deletingLastPathComponent.isEmpty ? "."
                                         : (file as NSString).deletingLastPathComponent)
        if disassemble { return disassembleFile(file, scheme) }
        guard interactiveAfter else {
            do {
                try scheme.load(path: file)
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

    /// A REPL on `scheme` with HTLL installed and hooked in: typed forms name views and locate
    /// calls, views print readably, `,describe`, `,apropos`, completion, `,frames` and `,objc`
    /// know layouts.
    func session(_ scheme: Scheme, interactive: Bool? = nil) -> Repl {
        let repl = Repl(scheme: scheme, interactive: interactive)
        do {
            try HTLL.installInteractive(into: scheme)
        } catch {
            FileHandle.standardError.write(Data("htll: the layout prelude failed to load: \(error)\n".utf8))
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

    /// Prints an HTLL command's output and returns its status.
    func emit(_ r: HTLLCommand.Result) -> Int32 {
        FileHandle.standardOutput.write(Data(r.output.utf8))
        FileHandle.standardError.write(Data(r.errorOutput.utf8))
        return r.status
    }

    func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("htll: \(message)\n\(Self.usage)\n".utf8))
        return Self.usageStatus
    }

    /// Prints an uncaught error (or honours `exit`) and returns the exit status.
    func report(_ error: Error, _ scheme: Scheme) -> Int32 {
        scheme.flush()
        if let e = error as? SchemeError {
            if e.kind == .exit { return e.exitCode }
            FileHandle.standardError.write(Data((e.report + "\n").utf8))
        } else {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        }
        return Self.errorStatus
    }

    func disassembleFile(_ file: String, _ scheme: Scheme) -> Int32 {
        guard let data = FileManager.default.contents(atPath: file) else {
            return report(SchemeError(kind: .file, message: "cannot open file \"\(file)\"", file: file), scheme)
        }
        do {
            let listing = try scheme.disassemble(String(decoding: data, as: UTF8.self), file: file)
            print(listing, terminator: "")
            return 0
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
        root = scheme.global("htll:the-root") ?? .false
    }

    /// Whether the current layout is another than at the last call (and a layout at all).
    func changed() -> Bool {
        let now = scheme.global("htll:the-root") ?? .false
        defer { root = now }
        return !now.isEq(root) && now.isTrue
    }
}
