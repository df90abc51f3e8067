import Scheme

/// Swift builtins for the prelude's hottest text work on large layouts (issue 19).
///
/// Measured (callgrind, 1,000 labels in one `vseq`, `--objc`): every operation of the interpreter
/// costs about a thousand instructions (a call, a `cons`, a `string-append`), so work done once
/// per character or once per line of output dominated: escaping a label's text character by
/// character cost about 30 K instructions a label, joining the lines of a fragment two copies per
/// line. These take and return values (strings, lists of strings); what the text means (which
/// characters a literal escapes, and how) stays in the prelude (12-names.scm).
extension HTLL {
    /// The builtins, one line each: name, arity, implementation.
    static let textBuiltins: [(name: String, arity: Arity, body: (Scheme, Arguments) throws -> Value)] = [
        ("%htll-plain-text?", .exactly(1), { s, args in try plainText(s, args[0]) }),
        ("%htll-lines->string", .exactly(1), { s, args in try linesToString(s, args[0]) }),
    ]

    /// Defines `textBuiltins` in `env`.
    static func defineTextBuiltins(in scheme: Scheme, _ env: Environment) {
        for b in textBuiltins {
            let body = b.body
            // Unowned: the builtins' closures are stored in the runtime, so a strong capture would be a cycle.
            scheme.define(b.name, arity: b.arity, in: env) { [unowned scheme] args in try body(scheme, args) }
        }
    }

    /// `(%htll-plain-text? S)`: #t when S needs no escape in any literal dialect (12-names.scm's
    /// htll:literal): printable ASCII only, no `"` or `\`, and no `??` (C's trigraph guard).
    static func plainText(_ s: Scheme, _ text: Value) throws -> Value {
        guard let scalars = text.sstring?.scalars else { throw s.error("%htll-plain-text?: expected a string", text) }
        var previous: UInt32 = 0
        for c in scalars {
            if c < 0x20 || c > 0x7E || c == 0x22 || c == 0x5C || (c == 0x3F && previous == 0x3F) { return .false }
            previous = c
        }
        return .true
    }

    /// `(%htll-lines->string LINES)`: the strings of the list LINES, each followed by a newline,
    /// as one string (made once, where appending each line to "\n" and then all of them copied
    /// every character twice).
    static func linesToString(_ s: Scheme, _ lines: Value) throws -> Value {
        var out: [UInt32] = []
        var rest = lines
        while let line = rest.car {
            guard let scalars = line.sstring?.scalars else { throw s.error("%htll-lines->string: expected a string", line) }
            out.append(contentsOf: scalars)
            out.append(0x0A)
            rest = rest.cdr ?? .null
        }
        guard rest.isNull else { throw s.error("%htll-lines->string: expected a list", lines) }
        if out.allSatisfy({ $0 < 0x80 }) {
            return s.string(String(decoding: out.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self))
        }
        var text = String.UnicodeScalarView()
        for c in out { if let u = Unicode.Scalar(c) { text.append(u) } }
        return s.string(String(text))
    }
}
