import Foundation
import Scheme

/// Parses the command line and runs the requested mode; returns the process exit status.
struct CommandLineTool {
    let arguments: [String]

    static let usage = """
    usage: htll [options] [FILE [ARGS...]]
           htll -e EXPR            evaluate EXPR and print its value
           htll -i FILE            load FILE, then start the REPL
           htll --disassemble FILE print the bytecode of every form in FILE
           htll repl               start the REPL (also: htll with no arguments)

    options:
      -I DIR         add DIR to the library search path
      --sandbox      refuse file, process and environment access
      -h, --help     show this help
      --version      show the version

    A script's uncaught error prints file:line:col: error: message, and htll exits with status 70.
    """

    /// Exit status for an uncaught Scheme error (EX_SOFTWARE).
    static let errorStatus: Int32 = 70
    /// Exit status for a bad command line (EX_USAGE).
    static let usageStatus: Int32 = 64

    func run() -> Int32 {
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
            for e in expressions {
                do {
                    let v = try scheme.evaluate(e, file: "<command line>")
                    let text = scheme.write(v)
                    if !text.isEmpty { scheme.runtime.writeToStandardOutput(text + "\n") }
                } catch {
                    return report(error, scheme)
                }
            }
            return 0
        }
        if args.first == "repl" || args.isEmpty {
            return Repl(scheme: scheme).run()
        }
        guard let file = args.popFirst() else { return usageError("missing file") }
        scheme.runtime.commandLine = [file] + args
        if disassemble { return disassembleFile(file, scheme) }
        do {
            try scheme.load(path: file)
        } catch {
            let status = report(error, scheme)
            if status != 0 || !interactiveAfter { return status }
        }
        return interactiveAfter ? Repl(scheme: scheme).run() : 0
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
