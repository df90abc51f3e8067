import Scheme

/// The host half of `(include "file.htll")` in layouts (prelude/htll/37-include.scm).
extension HTLL {
    /// Defines `(%htll-read-forms TEXT FILE)`: every datum of TEXT as a list, each list keeping its
    /// `FILE:line:col`, so errors in an included file are located in that file. A syntax error
    /// is a read error located there. Opening the file is left to the
    /// prelude, which goes through the Scheme library's file procedures and so through the same
    /// sandbox check as `open-input-file`. Also `%htll-located-call`, the loader's rewriting of a
    /// located call.
    static func defineIncludeBuiltins(in scheme: Scheme, _ env: Environment) {
        // Each closure gets the instance as `s`: a capture of it would be a cycle through the runtime.
        scheme.define("%htll-read-forms", arity: .exactly(2), in: env) { s, args in
            guard let text = args[0].sstring?.string else { throw s.error("%htll-read-forms: expected a string", args[0]) }
            guard let file = args[1].sstring?.string else { throw s.error("%htll-read-forms: expected a file name", args[1]) }
            do {
                return try s.read(text, file: file)
            } catch let e as SchemeError {
                let location = s.sourceLocation(file: file, line: e.line, column: e.column)
                throw s.error(([e.message] + e.irritants).joined(separator: " "), kind: .read, at: location)
            }
        }
        // (%htll-located-call PROC FORM FILE): the loader's located call (80-driver.scm), FORM
        // preceded by PROC and FORM's location quoted, `(PROC '(FILE line column) . FORM)`, located
        // like FORM; FORM itself when the reader did not read it. FILE #f: the reader's file name.
        // Why in Swift: the location as `htll:datum-location` gives it made a string of the file
        // name for every call of a layout (which the loader then replaced with FILE), and these
        // conses were four calls of the loader's, for each view of a layout (issue 19).
        let quote = scheme.symbol("quote")
        // FORM's location as the loader quotes it: (FILE line column), or the reader's when FILE is #f.
        func location(_ s: Scheme, of form: Value, _ file: Value, _ location: SourceLocation) -> Value {
            file.isTrue
                ? s.cons(file, s.cons(.fixnum(location.line), s.cons(.fixnum(location.column), .null)))
                : s.locationValue(of: form)
        }
        scheme.define("%htll-located-call", arity: .exactly(3), in: env) { s, args in
            let form = args[1]
            let at = s.sourceLocation(of: form)
            guard at.isKnown else { return form }
            return s.cons(args[0], s.cons(s.cons(quote, s.cons(location(s, of: form, args[2], at), .null)), form), locatedLike: form)
        }
        // (%htll-call-location FORM FILE): the location %htll-located-call quotes for FORM, or #f
        // when the reader did not read it (for the loader's view definitions, evaluated without
        // being rewritten: 37-include.scm).
        scheme.define("%htll-call-location", arity: .exactly(2), in: env) { s, args in
            let at = s.sourceLocation(of: args[0])
            return at.isKnown ? location(s, of: args[0], args[1], at) : .false
        }
        // (%htll-located-call-1 PROC FORM FILE): FORM a call of one quoted argument, (P 'D) (each
        // view of a long sequence, `(label '((text . "L1")))`), as `(PROC '(LOCATION . D) P)`:
        // the location and the argument in one quotation, located like FORM; FORM itself when
        // the reader did not read it; #f when FORM is not such a call (the loader then uses
        // %htll-located-call). Why: one quotation and one argument fewer for the expander, the
        // compiler and the call than `(%htll-call 'LOCATION P 'D)`, for every view (issue 19).
        scheme.define("%htll-located-call-1", arity: .exactly(3), in: env) { s, args in
            let form = args[1]
            guard let p = form.car, let rest = form.cdr, let a = rest.car, rest.cdr?.isNull == true,
                  let head = a.car, head.isEq(quote), let quoted = a.cdr, let d = quoted.car,
                  quoted.cdr?.isNull == true else { return .false }
            let at = s.sourceLocation(of: form)
            guard at.isKnown else { return form }
            let located = s.cons(location(s, of: form, args[2], at), d)
            return s.cons(args[0], s.cons(s.cons(quote, s.cons(located, .null)), s.cons(p, .null)), locatedLike: form)
        }
    }
}
