#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Scheme
import HTLL

extension Repl {
    static let help = """
    Commands:
      ,help              this text
      ,load FILE         load and evaluate FILE
      ,time EXPR         evaluate EXPR, then print elapsed time and garbage collections
      ,disassemble EXPR  bytecode of a procedure (or of EXPR compiled)
      ,describe NAME     what NAME is: procedure and arity, syntax, variable; an HTLL view, attribute,
                         primitive, enumeration or colour
      ,apropos TEXT      the bound names (and HTLL names) that contain TEXT
      ,expand EXPR       EXPR with its macros and derived forms expanded, as the compiler sees it
      ,trace PROC        print each call of the global procedure PROC and what it returns
      ,untrace PROC      stop tracing PROC
      ,frames            the last layout's solved frames
      ,objc              the last layout's Objective-C
      ,quit              leave (so does Ctrl-D)
    Results are numbered: $1, $2, ... name them afterwards. Tab completes names (commands after a
    comma, file names inside a string); Ctrl-C interrupts a running evaluation.
    """

    /// The commands Tab offers after a comma.
    static let commandNames = ["apropos", "describe", "disassemble", "expand", "frames", "help", "load", "objc",
                               "quit", "time", "trace", "untrace"]

    /// Runs a `,command` line. Output goes to stdout, errors to stderr.
    func command(_ line: String) -> Outcome {
        let trimmed = line.trimmingWhitespace().dropFirst()
        let name = String(trimmed.prefix { !$0.isWhitespace })
        let argument = trimmed.dropFirst(name.count).trimmingWhitespace()
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
            say(describe(argument))
        case "apropos", "a":
            guard !argument.isEmpty else { return usage(",apropos TEXT") }
            let found = Set(scheme.boundNames(prefix: "").filter { $0.contains(argument) })
                .union(extraApropos?(argument) ?? [])
            say(found.isEmpty ? "nothing contains \(argument)" : found.sorted().joined(separator: "\n"))
        case "expand", "x":
            guard !argument.isEmpty else { return usage(",expand EXPR") }
            return expand(argument)
        case "trace", "tr":
            guard !argument.isEmpty else { return usage(",trace PROCEDURE") }
            return trace(argument, on: true)
        case "untrace":
            guard !argument.isEmpty else { return usage(",untrace PROCEDURE") }
            return trace(argument, on: false)
        case "frames":
            say(showFrames?() ?? "no layout yet")
        case "objc":
            say(showObjC?() ?? "no layout yet")
        default:
            let close = Self.commandNames.filter { $0.hasPrefix(name) || name.hasPrefix($0) }
            return fail("unknown command ,\(name)" + (close.isEmpty ? "" : "; did you mean ,\(close[0])?") + " (,help lists them)")
        }
        return .values([])
    }

    /// The Scheme description of NAME, then HTLL's.
    func describe(_ name: String) -> String {
        let own = scheme.describe(name)
        guard let extra = describeExtra?(name) else { return own }
        // An HTLL name that is not a Scheme binding (an attribute, a colour) needs no "is not bound".
        return own.hasSuffix(" is not bound") ? extra : own + "\n" + extra
    }

    private func load(_ path: String) -> Outcome {
        setEvaluating(true)
        defer { setEvaluating(false) }
        do {
            try scheme.load(path: PathNames.expandingTilde(path))
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
        let collections = scheme.collectionCount
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = evaluate(source: expression, file: inputName)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let gcs = scheme.collectionCount - collections
        switch outcome {
        case .values(let vs): printResults(vs)
        case .failed(let error): reportError(error)
        case .exit: return outcome
        }
        say("; \(FixedNotation.string(elapsed, decimals: 6)) s, \(gcs) collection\(gcs == 1 ? "" : "s")")
        return outcome
    }

    /// A procedure's listing when EXPR evaluates to one, else the listing of EXPR itself compiled.
    private func disassemble(_ expression: String) -> Outcome {
        let outcome = evaluate(source: expression, file: inputName)
        do {
            switch outcome {
            case .values(let vs):
                if let v = vs.last, v.isProcedure {
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

    /// Each form of the text expanded, written one a line.
    private func expand(_ text: String) -> Outcome {
        do {
            for form in try scheme.expand(text, file: inputName).arrayValue ?? [] { say(scheme.write(form)) }
            return .values([])
        } catch {
            reportError(error)
            return .failed(error)
        }
    }

    /// Wraps the global procedure NAME so that each call and what it returns is printed (or puts
    /// the original back). Written in Scheme: the wrapper is an ordinary procedure.
    private func trace(_ name: String, on: Bool) -> Outcome {
        guard Scheme.isPlainIdentifier(name) else { return fail("\(name) is not an identifier") }
        if scheme.global("%repl-trace") == nil {
            do {
                try scheme.evaluate(Self.tracing, file: "<repl trace>")
            } catch {
                reportError(error)
                return .failed(error)
            }
        }
        return evaluate(source: "(%repl-\(on ? "trace" : "untrace") '\(name))", file: inputName)
    }

    /// The tracer: `(%repl-trace 'name)` replaces the global with a wrapper that prints
    /// `trace: (name arg ...)` on entry and `trace: value` on return, indented by depth;
    /// `(%repl-untrace 'name)` restores the procedure it wrapped.
    static let tracing = """
    (define %repl-trace-depth 0)
    (define %repl-traced '())
    (define (%repl-trace name)
      (let ((proc (eval name (interaction-environment))))
        (cond ((assq name %repl-traced) (display "already traced: ") (display name) (newline))
              ((not (procedure? proc)) (error "trace: not a procedure" name))
              (else
               (set! %repl-traced (cons (cons name proc) %repl-traced))
               (eval `(set! ,name ',(%repl-tracing name proc)) (interaction-environment))))))
    (define (%repl-untrace name)
      (let ((entry (assq name %repl-traced)))
        (if (not entry) (error "untrace: not traced" name))
        (set! %repl-traced (let drop ((es %repl-traced)) (cond ((null? es) '()) ((eq? (car es) entry) (cdr es)) (else (cons (car es) (drop (cdr es)))))))
        (eval `(set! ,name ',(cdr entry)) (interaction-environment))))
    (define (%repl-tracing name proc)
      (lambda args
        (let ((indent (make-string (* 2 %repl-trace-depth) #\\space)))
          (display "trace: ") (display indent) (write (cons name args)) (newline)
          (call-with-values
           (lambda ()
             (dynamic-wind (lambda () (set! %repl-trace-depth (+ %repl-trace-depth 1)))
                           (lambda () (apply proc args))
                           (lambda () (set! %repl-trace-depth (- %repl-trace-depth 1)))))
           (lambda results
             (display "trace: ") (display indent)
             (if (and (pair? results) (null? (cdr results))) (write (car results)) (write (cons 'values results)))
             (newline)
             (apply values results))))))
    """

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
        _ = Scheme.writeAll((newline ? text + "\n" : text), to: STDOUT_FILENO)
    }
}
