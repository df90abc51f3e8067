import Scheme

/// The limit flags: `--time-limit SECONDS`, `--step-limit N`, `--heap-limit MB`, `--output-limit MB`,
/// `--depth-limit N`, `--nesting-limit N` (the first four also take `none`). They change the
/// defaults (`Layout.limits(sandbox:)`) of scripts and of the layout commands.
struct LimitOptions {
    /// Each flag given, in order, as a change to the limits.
    private var changes: [(inout Scheme.Limits) -> Void] = []

    static let help = """
      --time-limit S     end an evaluation after S seconds (default with --sandbox: 20)
      --step-limit N     end it after N steps (default with --sandbox: 200000000)
      --heap-limit MB    end it when more than MB megabytes are live (default: an eighth
                         of memory, \(Scheme.Limits.memoryHeapBytes >> 20) here; with --sandbox: 256)
      --output-limit MB  most megabytes written to one port (default with --sandbox: 64)
      --depth-limit N    most nested calls (default: 4000000; with --sandbox: 1000000)
      --nesting-limit N  deepest expression nesting (default: 100000 for scripts, 2000
                         for layouts)
                         S, N and MB may be `none` for the first four. A limit reached
                         ends the program (no handler catches it) with exit status 70.
    """

    /// Whether `flag` is a limit flag (it takes a value).
    static func isFlag(_ flag: String) -> Bool { parsers[flag] != nil }

    /// Takes `flag VALUE`; an error message for a bad value.
    mutating func take(_ flag: String, _ value: String?) -> String? {
        guard let parse = Self.parsers[flag] else { return "unknown option \(flag)" }
        guard let value else { return "\(flag) needs a value" }
        guard let change = parse(value) else { return "\(flag): bad value \(value)" }
        changes.append(change)
        return nil
    }

    /// `base` with the flags' changes.
    func applied(to base: Scheme.Limits) -> Scheme.Limits {
        var limits = base
        for change in changes { change(&limits) }
        return limits
    }

    /// Removes every limit flag and its value from `arguments` (the layout commands take them
    /// anywhere, like `--sandbox`); an error message for a bad one.
    mutating func extract(from arguments: [String]) -> Result<[String], LimitOptionError> {
        var rest: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if Self.isFlag(a) {
                if let problem = take(a, i + 1 < arguments.count ? arguments[i + 1] : nil) {
                    return .failure(LimitOptionError(message: problem))
                }
                i += 2
            } else {
                rest.append(a)
                i += 1
            }
        }
        return .success(rest)
    }

    private static let parsers: [String: (String) -> ((inout Scheme.Limits) -> Void)?] = [
        "--time-limit": { v in
            if v == "none" { return { $0.seconds = nil } }
            guard let s = Double(v), s.isFinite, s >= 0 else { return nil }
            return { $0.seconds = s }
        },
        "--step-limit": { v in
            if v == "none" { return { $0.steps = nil } }
            guard let n = Int(v), n >= 0 else { return nil }
            return { $0.steps = n }
        },
        "--heap-limit": { v in
            if v == "none" { return { $0.heapBytes = nil } }
            guard let mb = megabytes(v) else { return nil }
            return { $0.heapBytes = mb }
        },
        "--output-limit": { v in
            if v == "none" { return { $0.outputBytes = nil } }
            guard let mb = megabytes(v) else { return nil }
            return { $0.outputBytes = mb }
        },
        "--depth-limit": { v in
            guard let n = Int(v), n >= 1 else { return nil }
            return { $0.depth = n }
        },
        "--nesting-limit": { v in
            guard let n = Int(v), n >= 1 else { return nil }
            return { $0.nesting = n }
        },
    ]

    /// `v` megabytes in bytes (a whole or decimal number, at least 0), or nil.
    private static func megabytes(_ v: String) -> Int? {
        guard let mb = Double(v), mb.isFinite, mb >= 0, mb * 1_048_576 < Double(Int.max) else { return nil }
        return Int(mb * 1_048_576)
    }
}

/// A bad limit flag.
struct LimitOptionError: Error {
    let message: String
}
