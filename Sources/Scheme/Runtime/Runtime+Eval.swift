
/// Reading, compiling and running source: what `Scheme.evaluate`, `load`, `eval` and `include` share.
extension Runtime {
    /// Expands and compiles one top-level form of environment `env` into a thunk (a closure of no
    /// arguments). Code compiled in a system environment is system code (out of backtraces).
    /// `location` is where the form was read, for a form that is not a pair (which cannot carry it).
    func compileToplevel(_ form: Value, in env: Environment, at location: SourceLocation = .none) throws(SchemeRaise) -> Value {
        let expander = Expander(runtime: self, isSystem: env.isSystem)
        let thunk = try expander.expandToplevel(form, in: env, at: location)
        let code = try compileCode(thunk, isSystem: env.isSystem)
        return .closure(closure(of: code))
    }

    /// A closure of compiled top-level code (it captures nothing).
    func closure(of code: CodeBlock) -> Closure {
        Closure.make(code: Unmanaged.passUnretained(code), captured: UnsafeBufferPointer(start: nil, count: 0), in: heap)
    }

    /// The code of the expanded top-level form `thunk`; an error when the compiler stopped because
    /// the host thread's stack was used up (`StackGuard`).
    func compileCode(_ thunk: LambdaNode, isSystem: Bool) throws(SchemeRaise) -> CodeBlock {
        compilationTooDeep = nil
        let code = Compiler(rt: self, isSystem: isSystem).compile(thunk)
        if let at = compilationTooDeep {
            compilationTooDeep = nil
            throw error("expression nested too deeply for the host thread's stack", at: at)
        }
        return code
    }

    /// Compiles a form about to run at the top level of `env`: in a program's environment before
    /// anything ran, a first `import` replaces the default imports (the program's imports define
    /// its environment, R7RS 5.1); anything else keeps them.
    func compileProgramForm(_ form: Value, in env: Environment, at location: SourceLocation = .none) throws(SchemeRaise) -> Value {
        if env.pristine {
            env.pristine = false
            if case .pair(let p) = form, case .symbol(let hs) = p.car,
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

/// Preludes compiled ahead of time (see `CodeImage`).
extension Runtime {
    /// Expands and compiles every top-level form of `sources` in `env`, in order, into an image's
    /// text; with `running`, each form also runs once compiled (as evaluating the source does: the
    /// Scheme prelude's own image, whose later forms may expand against values of earlier ones),
    /// otherwise nothing runs (a host's prelude, whose builtins the build tool does not have). Forms
    /// the image cannot hold as code are kept as data.
    func compileImage(_ sources: [(file: String, text: String)], in env: Environment,
                      running: Bool = false) throws(SchemeError) -> String {
        var writer = CodeImageWriter(rt: self, env: env)
        for (file, text) in sources {
            var reader = Reader(text: text, fileIndex: fileIndex(file), runtime: self)
            while true {
                var pendingRun: CodeBlock?
                do throws(SchemeRaise) {
                    guard let form = try reader.read() else { break }
                    let at = reader.datumStart
                    let syntaxBefore = env.syntaxDefinitions
                    let thunk = try Expander(runtime: self, isSystem: env.isSystem).expandToplevel(form, in: env, at: at)
                    let code = try compileCode(thunk, isSystem: env.isSystem)
                    if running { pendingRun = code }
                    // A form that defines syntax does more than its code: it is expanded again at load.
                    if env.syntaxDefinitions != syntaxBefore || (try? writer.add(code: code)) == nil {
                        do throws(ImageUnsupported) {
                            try writer.add(datum: form, at: at)
                        } catch {
                            throw self.error("\(file): a form the image cannot hold: \(error.reason)", form)
                        }
                    }
                } catch {
                    throw SchemeError(raised: error.payload, rt: self)
                }
                if let code = pendingRun {
                    let closure = closure(of: code)
                    _ = try vm.run(.closure(closure), [], keepingExisting: false)
                }
            }
        }
        return writer.finished()
    }

    /// The forms of an image made by `compileImage`, read and checked for `env` (a fresh
    /// environment like the one it was compiled in): compiled ones as thunks, the others as data.
    /// Throws having run nothing if the image is damaged (but `env` is then spoiled).
    func readImage(_ text: String, in env: Environment) throws(InvalidSystemImage) -> [ImageForm] {
        var reader = try CodeImageReader(text: text, rt: self, env: env)
        var forms: [ImageForm] = []
        forms.reserveCapacity(reader.remainingEntries)
        while let entry = try reader.next() {
            if let code = entry.thunk {
                let closure = closure(of: code)
                forms.append(ImageForm(value: .closure(closure), isThunk: true, location: .none))
            } else {
                forms.append(ImageForm(value: entry.datum, isThunk: false, location: entry.location))
            }
        }
        return forms
    }

    /// Runs the forms of `readImage` in order, as evaluating the source runs its forms.
    func runImage(_ forms: [ImageForm], in env: Environment) throws(SchemeError) -> Value {
        // Kept while earlier forms run (and collect garbage).
        do {
            return try keeping(forms.map(\.value)) {
                var result = Value.unspecified
                for form in forms {
                    result = form.isThunk ? try vm.run(form.value, [], keepingExisting: false)
                                          : try evaluateForm(form.value, in: env, at: form.location)
                }
                return result
            }
        } catch let error as SchemeError {
            throw error
        } catch {
            throw SchemeError(kind: .error, message: "\(error)")
        }
    }
}

/// One top-level form of a prelude image: a compiled thunk, or a datum compiled when its turn comes.
struct ImageForm {
    let value: Value
    let isThunk: Bool
    let location: SourceLocation
}
