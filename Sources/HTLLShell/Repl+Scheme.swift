import Scheme

// What the REPL asks of an instance, through its public API only.
extension Scheme {
    /// Names bound in the top-level environment (to a value or to syntax) that start with `prefix`,
    /// for completion. Names starting with `%` are left out unless the prefix asks for them.
    func boundNames(prefix: String) -> [String] {
        let showInternal = prefix.hasPrefix("%")
        return topLevelNames.map(\.name).filter { name in
            name.hasPrefix(prefix) && (showInternal || !name.hasPrefix("%")) && Self.isPlainIdentifier(name)
        }
    }

    /// Whether `name` is a special form or macro in the top-level environment.
    func isSyntaxKeyword(_ name: String) -> Bool {
        topLevelNames.contains { $0.name == name && $0.isSyntax }
    }

    /// A symbol that can be typed as is (no delimiters, not a number-like or `#` token).
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "#" else { return false }
        return !name.unicodeScalars.contains {
            switch $0 {
            case " ", "\t", "\n", "\r", "(", ")", "[", "]", "\"", ";", "'", "`", ",", "|": return true
            default: return false
            }
        }
    }

    /// What `,describe` prints for a name: procedure and arity, syntax, variable, or unbound.
    func describe(_ name: String) -> String {
        guard Self.isPlainIdentifier(name) else { return "\(name) is not an identifier" }
        guard let v = global(name) else {
            return isSyntaxKeyword(name) ? "\(name): syntax (a special form or macro)" : "\(name) is not bound"
        }
        if let summary = procedureSummary(v) { return "\(name): " + summary }
        var text = write(v)
        if text.count > 70 { text = String(text.prefix(67)) + "..." }
        return "\(name): variable, value \(text)"
    }
}
