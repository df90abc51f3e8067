import Foundation

/// Reading, compiling and running source: what `Scheme.evaluate`, `load`, `eval` and `include` share.
extension Runtime {
    /// Expands and compiles one top-level form of environment `env` into a thunk (a closure of no
    /// arguments). Code compiled in a system environment is system code (out of backtraces).
    /// `location` is where the form was read, for a form that is not a pair (which cannot carry it).
    func compileToplevel(_ form: Value, in env: Environment, at location: SourceLocation = .none) throws(SchemeRaise) -> Value {
        let expander = Expander(runtime: self, isSystem: env.isSystem)
        let thunk = try expander.expandToplevel(form, in: env, at: location)
        let code = Compiler(rt: self, isSystem: env.isSystem).compile(thunk)
        return .procedure(Unmanaged.passUnretained(heap.own(Closure(code: code, captured: UnsafeBufferPointer(start: nil, count: 0)))))
    }

    /// Compiles a form about to run at the top level of `env`: in a program's environment before
    /// anything ran, a first `import` replaces the default imports (the program's imports define
    /// its environment, R7RS 5.1); anything else keeps them.
    func compileProgramForm(_ form: Value, in env: Environment, at location: SourceLocation = .none) throws(SchemeRaise) -> Value {
        if env.pristine {
            env.pristine = false
            if case .pair(let p) = form, case .symbol(let hs) = p.takeUnretainedValue().car,
               case .syntax(.special(.import))? = env.peek(hs.takeUnretainedValue()) {
                env.clearImports()
            }
        }
        return try compileToplevel(form, in: env, at: location)
    }

    /// Reads every datum of `text`, evaluating each in `env` before reading the next; returns the last value.
    func evaluateSource(_ text: String, file: String?, line: Int = 1, column: Int = 1,
                        in env: Environment) throws(SchemeError) -> Value {
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
            result = try evaluateForm(form, in: env, at: reader.datumStart)
        }
        return result
    }

    /// Compiles and runs one datum, read at `location`, at the top level of `env`, as a top-level
    /// call of the embedding API (whose host keeps values with handles; see `VM.run`) unless a run
    /// is active.
    func evaluateForm(_ form: Value, in env: Environment, at location: SourceLocation = .none) throws(SchemeError) -> Value {
        let thunk: Value
        do {
            thunk = try compileProgramForm(form, in: env, at: location)
        } catch {
            throw SchemeError(raised: error.payload, rt: self)
        }
        return try vm.run(thunk, [], keepingExisting: false)
    }
}
