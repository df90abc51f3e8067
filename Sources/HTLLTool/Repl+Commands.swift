import Foundation
import Scheme

extension Repl {
    static let help = """
    Commands:
      ,help              this text
      ,load FILE         load and evaluate FILE
      ,time EXPR         evaluate EXPR, then print elapsed time and garbage collections
      ,disassemble EXPR  bytecode of a procedure (or of EXPR compiled)
      ,describe NAME     what NAME is bound to: procedure and arity, syntax, variable
      ,frames            the last layout's solved frames
      ,objc              the last layout's Objective-C
      ,quit              leave (so does Ctrl-D)
    Tab completes names (and file names inside a string); Ctrl-C interrupts a running evaluation.
    """

    /// Runs a `,command` line. Output goes to stdout, errors to stderr.
    func command(_ line: String) -> Outcome {
        let trimmed = line.trimmingCharacters(in: .whitespaces).dropFirst()
        let name = String(trimmed.prefix { !$0.isWhitespace })
        let argument = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        switch name {
        case "help", "h", "?":
            say(Self.help)
        case "quit", "q", "exit":
            return .exit(0)
        case "load", "l":
            guard !argument.isEmpty else { return usage(",load FILE") }
            return load(unquoted(argument))
        case "time", "t":
            guard !argument.isEmpty else { return usage(",time EXPR") }
            return time(argument)
        case "disassemble", "d":
            guard !argument.isEmpty else { return usage(",disassemble EXPR") }
            return disassemble(argument)
        case "describe", "desc":
            guard !argument.isEmpty else { return usage(",describe NAME") }
            var text = scheme.describe(argument)
            if let extra = descriptions[argument] { text += "\n" + extra }
            say(text)
        case "frames":
            say(showFrames?() ?? "no layout yet")
        case "objc":
            say(showObjC?() ?? "no layout yet")
        default:
            return fail("unknown command ,\(name) (,help lists them)")
        }
        return .values([])
    }

    private func load(_ path: String) -> Outcome {
        setEvaluating(true)
        defer { setEvaluating(false) }
        do {
            try scheme.load(path: (path as NSString).expandingTildeInPath)
            scheme.flush()
            return .values([])
        } catch let e as SchemeError where e.kind == .exit {
            return .exit(e.exitCode)
        } catch {
            reportError(error)
            return .failed(error)
        }
    }

    private func time(_ expression: String) -> Outcome {
        let collections = scheme.runtime.heap.collections
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = evaluate(source: expression, file: inputName)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let gcs = scheme.runtime.heap.collections - collections
        switch outcome {
        case .values(let vs): printResults(vs)
        case .failed(let error): reportError(error)
        case .exit: return outcome
        }
        say(String(format: "; %.6f s, %d collection%@", elapsed, gcs, gcs == 1 ? "" : "s"))
        return outcome
    }

    /// A procedure's listing when EXPR evaluates to one, else the listing of EXPR itself compiled.
    private func disassemble(_ expression: String) -> Outcome {
        let outcome = evaluate(source: expression, file: inputName)
        do {
            switch outcome {
            case .values(let vs):
                if let v = vs.last, case .procedure = v {
                    let listing = try scheme.call("disassemble", [v])
                    say(listing.stringValue ?? scheme.display(listing), newline: false)
                } else {
                    say(try scheme.disassemble(expression, file: inputName), newline: false)
                }
                return outcome
            case .failed(let error):
                reportError(error)
                return outcome
            case .exit:
                return outcome
            }
        } catch {
            reportError(error)
            return .failed(error)
        }
    }

    /// `"file name"` or `file name`: a quoted argument is taken without its quotes.
    private func unquoted(_ s: String) -> String {
        if s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") { return String(s.dropFirst().dropLast()) }
        return s
    }

    private func usage(_ text: String) -> Outcome {
        fail("usage: \(text)")
    }

    private func fail(_ message: String) -> Outcome {
        let error = SchemeError(kind: .error, message: message)
        reportError(error)
        return .failed(error)
    }

    /// Prints REPL text after any pending Scheme output.
    func say(_ text: String, newline: Bool = true) {
        scheme.flush()
        // A failed write (a closed terminal, a full disk) is not worth a trap; the session goes on.
        _ = Port.writeAll(Array((newline ? text + "\n" : text).utf8), to: STDOUT_FILENO)
    }
}
