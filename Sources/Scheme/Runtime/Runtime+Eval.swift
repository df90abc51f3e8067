import Foundation

/// Reading, compiling and running source: what `Scheme.evaluate`, `load`, `eval` and `include` share.
extension Runtime {
    /// Expands and compiles one top-level form into a thunk (a closure of no arguments).
    func compileToplevel(_ form: Value, system: Bool = false) throws(SchemeRaise) -> Value {
        let expander = Expander(runtime: self, isSystem: system)
        let thunk = try expander.expandToplevel(form)
        let code = Compiler(rt: self, isSystem: system).compile(thunk)
        return .procedure(Unmanaged.passUnretained(heap.own(Closure(code: code, captured: UnsafeBufferPointer(start: nil, count: 0)))))
    }

    /// Reads every datum of `text`, evaluating each before reading the next; returns the last value.
    func evaluateSource(_ text: String, file: String?, line: Int = 1, column: Int = 1,
                        system: Bool = false) throws(SchemeError) -> Value {
        let index = file.map { fileIndex($0) } ?? fileIndex("<string>")
        var reader = Reader(text: text, fileIndex: index, runtime: self)
        reader.line = line
        reader.column = column
        var result = Value.unspecified
        while true {
            let form: Value?
            do {
                form = try reader.read()
            } catch {
                throw SchemeError(raised: error.payload, rt: self)
            }
            guard let form else { break }
            result = try evaluateForm(form, system: system)
        }
        return result
    }

    /// Compiles and runs one datum.
    func evaluateForm(_ form: Value, system: Bool = false) throws(SchemeError) -> Value {
        let thunk: Value
        do {
            thunk = try compileToplevel(form, system: system)
        } catch {
            throw SchemeError(raised: error.payload, rt: self)
        }
        return try vm.run(thunk, [])
    }

    /// Whether `(library name)` in `cond-expand` names a library this instance has.
    func libraryExists(_ name: Value) -> Bool {
        guard let parts = name.listElements else { return false }
        let words = parts.map { Printer.display($0) }
        if words.first == "scheme" || words.first == "srfi" || words == ["htll"] { return true }
        return false
    }
}
