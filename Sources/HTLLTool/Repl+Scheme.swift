import Foundation
import Scheme

// What the REPL asks of an instance, through its public API only.
extension Scheme {
    /// Names of the globals bound to a value or to syntax that start with `prefix`, for completion.
    /// Names starting with `%` (internal helpers) are left out unless the prefix asks for them.
    func boundNames(prefix: String) -> [String] {
        let showInternal = prefix.hasPrefix("%")
        var out: [String] = []
        for symbol in runtime.allSymbols {
            let name = symbol.name
            guard name.hasPrefix(prefix), showInternal || !name.hasPrefix("%"), Self.isPlainIdentifier(name) else {
                continue
            }
            if case .undefined = symbol.value {
                if isSyntaxKeyword(name) { out.append(name) }
            } else {
                out.append(name)
            }
        }
        return out
    }

    /// Whether `name` is a special form or macro: compiling it alone as a variable reference fails.
    /// (A keyword is not a value, and `Symbol`'s syntax binding is internal to the core.)
    func isSyntaxKeyword(_ name: String) -> Bool {
        guard Self.isPlainIdentifier(name) else { return false }
        do {
            _ = try disassemble(name, file: "<completion>")
            return false
        } catch {
            return true
        }
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
        guard let symbol = runtime.allSymbols.first(where: { $0.name == name }) else {
            return "\(name) is not bound"
        }
        let v = symbol.value
        if case .undefined = v {
            return isSyntaxKeyword(name) ? "\(name): syntax (a special form or macro)" : "\(name) is not bound"
        }
        if case .procedure(let p) = v {
            return "\(name): " + Self.describeProcedure(p.takeUnretainedValue())
        }
        var text = write(v)
        if text.count > 70 { text = String(text.prefix(67)) + "..." }
        return "\(name): variable, value \(text)"
    }

    /// "builtin procedure, 1 to 2 arguments" and the like.
    static func describeProcedure(_ p: Procedure) -> String {
        if let prim = p as? Primitive {
            return "builtin procedure, " + arityText(prim.arity.required, prim.arity.maximum)
        }
        if let c = p as? Closure {
            return "procedure, " + arityText(c.code.required, c.code.hasRest ? nil : c.code.required)
        }
        if let cl = p as? CaseLambda {
            let clauses = cl.clauses.map { arityText($0.code.required, $0.code.hasRest ? nil : $0.code.required) }
            return "case-lambda procedure: " + clauses.joined(separator: "; ")
        }
        if p is Parameter { return "parameter object, 0 or 1 arguments" }
        return "procedure"
    }

    static func arityText(_ required: Int, _ maximum: Int?) -> String {
        let noun: (Int) -> String = { $0 == 1 ? "argument" : "arguments" }
        guard let maximum else { return "at least \(required) \(noun(required))" }
        if maximum == required { return "\(required) \(noun(required))" }
        return "\(required) to \(maximum) arguments"
    }
}
