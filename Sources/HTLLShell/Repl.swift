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
import Scheme
import HTLL

/// The read-eval-print loop.
///
/// On a terminal it is interactive (GNU Readline: editing, history, completion, Ctrl-C); otherwise it reads
/// stdin to the end without prompts, prints only what the program writes, and exits with the status of
/// the last error. Either way the reader splits the input into top-level data (`InputSplitter`) and
/// each is evaluated on its own, so an error in one does not lose the definitions made by the others.
final class Repl {
    let scheme: Scheme
    /// Extra `,describe` text for a name, shown after the built-in description (HTLL adds views,
    /// attributes, primitives, enumerations, colours); nil when it has none.
    var describeExtra: ((String) -> String?)?
    /// Extra tab completions (HTLL views, attribute and colour names): given the word typed so far and the
    /// unfinished input before it (earlier lines of the expression included), the candidates to offer.
    var extraCompletions: ((_ prefix: String, _ before: String) -> [String])?
    /// Extra `,apropos` matches (HTLL attributes, enumeration values, colours) for a fragment.
    var extraApropos: ((String) -> [String])?
    /// The last layout's solved frames for `,frames`; nil until HTLL installs it (or nil result: no layout).
    var showFrames: (() -> String?)?
    /// The last layout's Objective-C for `,objc`; nil until HTLL installs it.
    var showObjC: (() -> String?)?
    /// Replaces the printing of an evaluation's results when it returns text (HTLL: a new layout
    /// shows the frames it solved).
    var presentResult: (([Value]) -> String?)?
    /// Tells when an evaluation placed a new layout (set with `presentResult`).
    var layoutWatch: LayoutWatch?
    /// How a value is written when it is not plain data (HTLL: views and resources readably); nil
    /// falls back to `write`.
    var writeValue: ((Value) -> String?)?
    /// Evaluates one datum read from the input (HTLL names the views that definitions bind and
    /// locates its calls); nil evaluates it as plain Scheme.
    var evaluator: ((Value) throws -> Value)?
    /// Where history is kept across sessions.
    var historyPath: String
    /// Most entries the history file keeps.
    var historySize: Int32 = 1000
    /// The value history: `$1`, `$2`, … name the results printed so far.
    var resultCount = 0

    /// Whether stdin is a terminal (decides prompts, readline and result printing).
    let interactive: Bool
    /// The file name errors report for typed input.
    var inputName: String

    var scanner: InputSplitter
    /// Guards `evaluatingFlag`, which the Ctrl-C watcher thread reads.
    let stateLock = Lock()
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
        inputName = self.interactive ? "<repl>" : "<stdin>"
        scanner = InputSplitter(scheme: scheme)
        // (getenv, not ProcessInfo's environment: see `hostEnvironment` in the Scheme library.)
        let home = getenv("HOME").map { String(cString: $0) } ?? FileManager.default.homeDirectoryForCurrentUser.path
        historyPath = PathNames.appending(".htll_history", to: home)
    }

    /// Runs until end of input, `,quit` or `(exit)`; returns the process exit status.
    func run() -> Int32 {
        interactive ? runInteractive() : runPiped()
    }

    /// Reads stdin as it arrives (a pipe is served piece by piece), evaluating each complete datum.
    func runPiped() -> Int32 {
        var status: Int32 = 0
        var decoder = UTF8Pieces()
        while true {
            var data: Data
            switch Self.readStandardInput() {
            case .success(let d): data = d
            case .failure(let reason):
                scheme.flush()
                _ = Scheme.writeAll("htll: cannot read standard input: \(reason)\n", to: STDERR_FILENO)
                return CommandLineTool.errorStatus
            }
            if data.isEmpty { break }
            // A datum still open: what comes soon is gathered until the text has doubled before the
            // splitter parses again. Each parse starts at the datum's start, so a parse a 64 KB
            // piece was quadratic: `htll < F` of a 4.8 MB quoted list ran out of its 3 GB heap
            // limit in 7.9 s (and went on with the pieces), against 0.35 s as `htll F`. As for a
            // port's `read` (`Port.pullMore`): a pipe's datum is evaluated at most 10 ms after its
            // last piece.
            var ended = false
            if scanner.isIncomplete {
                while data.count < scanner.pendingCount && Self.moreInputSoon(),
                      case .success(let more) = Self.readStandardInput() {
                    if more.isEmpty { ended = true; break }
                    data.append(more)
                }
            }
            for datum in scanner.feed(decoder.decode(data)) {
                if let exit = evaluateQuietly(datum, &status) { return exit }
            }
            if ended { break }
        }
        for datum in scanner.feed(decoder.finish()) + scanner.finish() {
            if let exit = evaluateQuietly(datum, &status) { return exit }
        }
        scheme.flush()
        return status
    }

    /// What standard input has now (waiting for some), empty at its end; read with read(2), retried
    /// when a signal interrupts it (FileHandle.availableData traps on a read error, such as
    /// standard input that is a folder).
    static func readStandardInput() -> Result<Data, ReadError> {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { b -> Int in
                guard let base = b.baseAddress else { return 0 }
                return read(STDIN_FILENO, base, b.count)
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failure(ReadError(reason: String(cString: strerror(errno)))) }
            return .success(Data(buffer[..<n]))
        }
    }

    /// Whether more of standard input comes soon: at once from a file, within 10 ms from a pipe
    /// (it holds 64 KB: a writer refills it only once it is read), never waiting for a person.
    /// (Not interactive here: standard input is a pipe or a file, which `runPiped` serves.)
    static func moreInputSoon() -> Bool {
        var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, isatty(STDIN_FILENO) == 1 ? 0 : 10) > 0
    }

    /// Why standard input could not be read.
    struct ReadError: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// Evaluates a datum in piped mode: output only, errors on stderr. Returns a status to exit with.
    private func evaluateQuietly(_ datum: InputSplitter.Datum, _ status: inout Int32) -> Int32? {
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

    /// Evaluates one datum at its line and column, so errors and procedures defined in it report
    /// where it was typed.
    func evaluate(_ datum: InputSplitter.Datum) -> Outcome {
        guard let evaluator else {
            return evaluate(source: datum.text, file: inputName, line: datum.line, column: datum.column)
        }
        return run {
            let forms = try scheme.read(datum.text, file: inputName, line: datum.line, column: datum.column)
            // Kept across the evaluations, which may collect garbage.
            let kept = scheme.retain(forms)
            defer { scheme.release(kept) }
            var result = Value.unspecified
            for form in forms.arrayValue ?? [] { result = try evaluator(form) }
            return result
        }
    }

    /// Evaluates source text with Ctrl-C armed, turning `(exit)` and errors into an outcome.
    func evaluate(source: String, file: String?, line: Int = 1, column: Int = 1) -> Outcome {
        run { try scheme.evaluate(source, file: file, line: line, column: column) }
    }

    /// Runs an evaluation with Ctrl-C armed, turning `(exit)` and errors into an outcome.
    func run(_ body: () throws -> Value) -> Outcome {
        setEvaluating(true)
        defer { setEvaluating(false) }
        do {
            return .values(results(of: try body()))
        } catch let e as SchemeError where e.kind == .exit {
            return .exit(e.exitCode)
        } catch {
            return .failed(error)
        }
    }

    /// The values to print: each value of a multiple-value return, without unspecified ones.
    func results(of v: Value) -> [Value] {
        let items = scheme.values(of: v)
        return items.filter {
            switch $0 {
            case .unspecified, .undefined: return false
            default: return true
            }
        }
    }

    /// Writes each value, one a line, as `$N = value`: `$N` then names it (or what `presentResult`
    /// makes of them).
    func printResults(_ values: [Value]) {
        if let present = presentResult, let text = present(values) {
            scheme.writeToStandardOutput(text.hasSuffix("\n") ? text : text + "\n")
            scheme.flush()
            return
        }
        // Each value is named first: `$N` keeps it alive while the others are written (writing
        // may evaluate, and evaluating may collect garbage).
        var named: [(String, Value)] = []
        for v in values {
            resultCount += 1
            let name = "$\(resultCount)"
            scheme.define(name, value: v)
            named.append((name, v))
        }
        for (name, v) in named {
            scheme.writeToStandardOutput("\(name) = \(writeValue?(v) ?? scheme.write(v))\n")
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

/// Decodes UTF-8 that arrives in pieces: a character split between two pieces waits for its end.
struct UTF8Pieces {
    private var pending: [UInt8] = []

    /// The text of the complete characters so far.
    mutating func decode(_ data: Data) -> String {
        pending.append(contentsOf: data)
        // Keep back an unfinished sequence at the end (at most 3 bytes of a 4-byte character).
        var cut = pending.count
        var back = 0
        while back < 3 && cut > 0 && pending[cut - 1] & 0xC0 == 0x80 { cut -= 1; back += 1 }
        if cut > 0 {
            let lead = pending[cut - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if length > back + 1 { cut -= 1 } else { cut = pending.count }
        }
        let text = String(decoding: pending[..<cut], as: UTF8.self)
        pending.removeFirst(cut)
        return text
    }

    /// What is left at the end of the input (an unfinished character decodes as U+FFFD).
    mutating func finish() -> String {
        defer { pending.removeAll() }
        return String(decoding: pending, as: UTF8.self)
    }
}
