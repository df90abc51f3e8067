import Foundation
import Scheme

/// The read-eval-print loop.
///
/// On a terminal it is interactive (GNU Readline: editing, history, completion, Ctrl-C); otherwise it reads
/// stdin to the end without prompts, prints only what the program writes, and exits with the status of
/// the last error. Either way the input is split into top-level data by `ReplScanner` and each is
/// evaluated on its own, so an error in one does not lose the definitions made by the others.
final class Repl {
    let scheme: Scheme
    /// Extra `,describe` text by name, shown after the built-in description (HTLL adds views, attributes).
    var descriptions: [String: String] = [:]
    /// Extra tab completions (HTLL views, attribute and colour names): given the word typed so far and the
    /// unfinished input before it (earlier lines of the expression included), the candidates to offer.
    var extraCompletions: ((_ prefix: String, _ before: String) -> [String])?
    /// The last layout's solved frames for `,frames`; nil until HTLL installs it (or nil result: no layout).
    var showFrames: (() -> String?)?
    /// The last layout's Objective-C for `,objc`; nil until HTLL installs it.
    var showObjC: (() -> String?)?
    /// Replaces the printing of an evaluation's results when it returns text (HTLL: a new layout
    /// shows the frames it solved).
    var presentResult: (([Value]) -> String?)?
    /// Where history is kept across sessions.
    var historyPath: String
    /// Most lines the history file keeps.
    var historySize: Int32 = 1000

    /// Whether stdin is a terminal (decides prompts, readline and result printing).
    let interactive: Bool
    /// The file name errors report for typed input.
    var inputName: String { interactive ? "<repl>" : "<stdin>" }

    var scanner = ReplScanner()
    /// Guards `evaluatingFlag`, which the Ctrl-C watcher thread reads.
    let stateLock = NSLock()
    private var evaluatingFlag = false

    /// The outcome of evaluating one datum or command.
    enum Outcome {
        case values([Value])
        case failed(Error)
        case exit(Int32)
    }

    init(scheme: Scheme, interactive: Bool? = nil) {
        self.scheme = scheme
        self.interactive = interactive ?? (isatty(STDIN_FILENO) == 1)
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        historyPath = (home as NSString).appendingPathComponent(".htll_history")
    }

    /// Runs until end of input, `,quit` or `(exit)`; returns the process exit status.
    func run() -> Int32 {
        interactive ? runInteractive() : runPiped()
    }

    /// Reads stdin line by line (so a pipe is served as it arrives), evaluating each complete datum.
    func runPiped() -> Int32 {
        var status: Int32 = 0
        while let line = readLine(strippingNewline: false) {
            for datum in scanner.feed(line) {
                if let exit = evaluateQuietly(datum, &status) { return exit }
            }
        }
        for datum in scanner.finish() {
            if let exit = evaluateQuietly(datum, &status) { return exit }
        }
        scheme.flush()
        return status
    }

    /// Evaluates a datum in piped mode: output only, errors on stderr. Returns a status to exit with.
    private func evaluateQuietly(_ datum: ReplScanner.Datum, _ status: inout Int32) -> Int32? {
        switch evaluate(datum) {
        case .values:
            return nil
        case .failed(let error):
            status = reportError(error)
            return nil
        case .exit(let code):
            scheme.flush()
            return code
        }
    }

    /// Evaluates one datum, with its text placed at its line and column so errors and procedures
    /// defined in it report where it was typed. Padding costs a scalar per line, so far into a long input
    /// the datum is evaluated as is and only the error's own location is moved to where it belongs.
    // TODO(lead API): use `evaluate(_:file:line:column:)` once Scheme has it, and drop both paths.
    func evaluate(_ datum: ReplScanner.Datum) -> Outcome {
        if datum.line <= Self.paddingLimit {
            let padding = String(repeating: "\n", count: max(datum.line - 1, 0))
                + String(repeating: " ", count: max(datum.column - 1, 0))
            return evaluate(source: padding + datum.text, file: inputName)
        }
        let outcome = evaluate(source: datum.text, file: inputName)
        guard case .failed(let error) = outcome, let e = error as? SchemeError, e.file == inputName, e.line > 0 else {
            return outcome
        }
        var moved = SchemeError(kind: e.kind, message: e.message, irritants: e.irritants, file: e.file,
                                line: e.line + datum.line - 1,
                                column: e.line == 1 ? e.column + datum.column - 1 : e.column,
                                backtrace: e.backtrace)
        moved.exitCode = e.exitCode
        return .failed(moved)
    }

    /// Lines of input up to which data are padded to their position (see `evaluate(_:)`).
    static let paddingLimit = 1000

    /// Evaluates source text with Ctrl-C armed, turning `(exit)` and errors into an outcome.
    func evaluate(source: String, file: String?) -> Outcome {
        setEvaluating(true)
        defer { setEvaluating(false) }
        do {
            return .values(results(of: try scheme.evaluate(source, file: file)))
        } catch let e as SchemeError where e.kind == .exit {
            return .exit(e.exitCode)
        } catch {
            return .failed(error)
        }
    }

    /// The values to print: each value of a multiple-value return, without unspecified ones.
    func results(of v: Value) -> [Value] {
        let items = v.object(MultipleValues.self)?.items ?? [v]
        return items.filter {
            switch $0 {
            case .unspecified, .undefined: return false
            default: return true
            }
        }
    }

    /// Writes each value with `write`, one a line (or what `presentResult` makes of it).
    func printResults(_ values: [Value]) {
        if let present = presentResult, let text = present(values) {
            scheme.runtime.writeToStandardOutput(text.hasSuffix("\n") ? text : text + "\n")
            scheme.flush()
            return
        }
        for v in values {
            let text = scheme.write(v)
            if !text.isEmpty { scheme.runtime.writeToStandardOutput(text + "\n") }
        }
        scheme.flush()
    }

    /// Prints an error with its location and backtrace; returns the error exit status.
    @discardableResult
    func reportError(_ error: Error) -> Int32 {
        scheme.flush()
        var text = (error as? SchemeError)?.report ?? "error: \(error)"
        // The terminal echoed ^C without a newline.
        if interactive, (error as? SchemeError)?.message == "interrupted" { text = "\n" + text }
        CommandLineTool.writeError(text + "\n")
        return CommandLineTool.errorStatus
    }

    func setEvaluating(_ on: Bool) {
        stateLock.lock()
        evaluatingFlag = on
        // A Ctrl-C pressed after readline accepted the line but before this point found nothing running
        // and was left pending: it was meant for this evaluation.
        if on && interactive && ReplReadline.takeInterrupt() { scheme.interrupt() }
        stateLock.unlock()
    }

    /// Called by the Ctrl-C watcher: interrupts a running evaluation, returns false when none runs.
    func interruptIfEvaluating() -> Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        guard evaluatingFlag else { return false }
        scheme.interrupt()
        return true
    }
}
