/// An error that reached Swift uncaught: its message, irritants, location and Scheme backtrace.
public struct SchemeError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure it was.
    /// `limit`: a limit of `Scheme.Limits` was reached or `interrupt()` was called; the evaluation
    /// ended without any Scheme handler seeing it. `fatal`: the VM itself failed.
    public enum Kind: Sendable { case error, read, file, raise, limit, fatal, exit }
    public let kind: Kind
    /// The error message (for a raise of a non-error object: "uncaught exception").
    public let message: String
    /// The irritants, each as `write` prints it.
    public let irritants: [String]
    /// The source file, or nil when unknown.
    public let file: String?
    public let line: Int
    public let column: Int
    /// Names of the Scheme procedures active at the error, innermost first.
    public let backtrace: [String]
    /// For `kind == .exit`: the status `(exit obj)` asked for.
    public var exitCode: Int32 = 0

    public init(kind: Kind, message: String, irritants: [String] = [], file: String? = nil,
                line: Int = 0, column: Int = 0, backtrace: [String] = []) {
        self.kind = kind
        self.message = message
        self.irritants = irritants
        self.file = file
        self.line = line
        self.column = column
        self.backtrace = backtrace
    }

    /// The "error" a call of `exit` travels as: `(exit)`/`(exit #t)` is 0, `(exit #f)` is 1, `(exit n)` is n.
    static func exit(_ v: Value) -> SchemeError {
        var e = SchemeError(kind: .exit, message: "exit")
        switch v {
        case .bool(let b): e.exitCode = b ? 0 : 1
        case .fixnum(let n): e.exitCode = Int32(truncatingIfNeeded: n)
        default: e.exitCode = 0
        }
        return e
    }

    /// `file:line:col` (or `file` alone, or empty when unknown).
    public var locationText: String {
        guard let file else { return "" }
        return line > 0 ? "\(file):\(line):\(column)" : file
    }

    /// `file:line:col: error: message irritants…`, the one-line form the CLI prints.
    public var description: String {
        var s = locationText.isEmpty ? "" : locationText + ": "
        s += "error: " + message
        for i in irritants { s += " " + i }
        return s
    }

    /// The description followed by the backtrace, one frame a line.
    public var report: String {
        var s = description
        if !backtrace.isEmpty {
            s += "\nbacktrace:"
            for b in backtrace { s += "\n  " + b }
        }
        return s
    }
}
