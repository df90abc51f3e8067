import Scheme

/// Whether `htll -e` must load the layout prelude. Loading it is most of the command's start-up
/// (reading, expanding and compiling thousands of lines), and an expression like `(+ 1 2)` does not
/// need it; an expression that may use a layout name (`(label '())`, a typo of one that deserves a
/// suggestion, a local variable the scan cannot tell from one) still gets it, as at the REPL.
///
/// The test is conservative: the prelude is left out only when every symbol the expressions
/// contain is bound in the plain Scheme top level, and none reaches bindings by a name computed at
/// run time or written elsewhere (`eval`, `load`, `include`, `import`). The layout library adds
/// names and never rebinds a standard one (a test checks it), so such an expression means the same
/// without it.
enum LayoutNeed {
    /// Names through which an expression may reach any binding, whatever symbols it contains.
    static let openEnded: Set<String> = ["eval", "load", "include", "include-ci", "import",
                                         "environment", "interaction-environment", "define-library"]

    /// Most datum nodes scanned; past it (or in a cyclic datum) the prelude is loaded.
    static let scanLimit = 100_000

    /// Whether evaluating `expressions` (source texts) in `scheme`, which has no layout prelude
    /// yet, may need it.
    static func mayUseLayout(_ expressions: [String], in scheme: Scheme) -> Bool {
        let bound = Set(scheme.topLevelNames.map(\.name)).subtracting(openEnded)
        var pending: [Value] = []
        for e in expressions {
            // Unreadable text is reported when it is evaluated, with the prelude as before.
            guard let forms = try? scheme.read(e, file: "<command line>") else { return true }
            pending.append(forms)
        }
        // An explicit stack: nesting depth is the user's, the host stack is not.
        var seen = 0
        while let v = pending.popLast() {
            seen += 1
            if seen > scanLimit { return true }
            switch v {
            case .pair:
                if let car = v.car, let cdr = v.cdr {
                    pending.append(cdr)
                    pending.append(car)
                }
            case .vector:
                pending.append(contentsOf: v.arrayValue ?? [])
            case .symbol:
                guard let name = v.stringValue, bound.contains(name) else { return true }
            case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char, .string, .bytevector, .procedure, .closure, .record,
                 .object:
                continue
            }
        }
        return false
    }
}
