import Scheme

/// The host half of `(include "file.htll")` in layouts (prelude/htll/37-include.scm).
extension HTLL {
    /// Defines `(%htll-read-forms TEXT FILE)`: every datum of TEXT as a list, each list keeping its
    /// `FILE:line:col`, so errors in an included file are located in that file. A syntax error
    /// is a read error located there. Opening the file is left to the
    /// prelude, which goes through the Scheme library's file procedures and so through the same
    /// sandbox check as `open-input-file`.
    static func defineIncludeBuiltins(in scheme: Scheme, _ env: Environment) {
        // Unowned: the closure is stored in the runtime, so a strong capture would be a cycle.
        unowned let s = scheme
        s.define("%htll-read-forms", arity: .exactly(2), in: env) { args in
            guard let text = args[0].sstring?.string else { throw s.error("%htll-read-forms: expected a string", args[0]) }
            guard let file = args[1].sstring?.string else { throw s.error("%htll-read-forms: expected a file name", args[1]) }
            do {
                return try s.read(text, file: file)
            } catch let e as SchemeError {
                let location = s.sourceLocation(file: file, line: e.line, column: e.column)
                throw s.error(([e.message] + e.irritants).joined(separator: " "), kind: .read, at: location)
            }
        }
    }
}
