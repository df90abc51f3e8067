
/// `import` and `define-library` (R7RS 5.2, 5.6): every library has an environment of its own with
/// exactly its imports, and exports only what it names. The standard libraries export bindings of
/// the sealed system environment (`standardLibraries` is their table); a user library is defined by
/// a `define-library` form, or loaded once from `NAME/PARTS.sld` on the search path.
extension Runtime {
    /// Identifiers to bindings, as an import set or a library's exports.
    typealias Bindings = [ObjectIdentifier: (id: Symbol, binding: Binding)]

    /// Builds the standard libraries from the system environment, once the prelude is loaded.
    func installStandardLibraries() {
        for (name, words) in standardLibraries {
            // Each table is built when the library is first imported (see `Library`). Weak: the
            // runtime owns its libraries.
            register(Library(name: name, environment: system) { [weak self] in self?.standardExports(words) ?? [:] })
        }
        register(Library(name: Runtime.defaultLibrary, environment: system, exports: publicBindings(of: system)))
    }

    /// The exports of a standard library: the system environment's bindings of `words`.
    private func standardExports(_ words: String) -> Bindings {
        var exports: Bindings = [:]
        // Split as bytes: splitting the `String` by `Character` was half of this function's
        // cost, when it ran at every start.
        for word in words.utf8.split(whereSeparator: { $0 <= 0x20 }) {
            let id = intern(String(decoding: word, as: UTF8.self))
            guard let b = system.peek(id) else { continue }  // StandardLibraryTests lists any gap
            exports[ObjectIdentifier(id)] = (id, b)
        }
        return exports
    }

    /// Makes `library` importable by its name. A library it replaces (a second `define-library` of
    /// one name) stays rooted: environments that imported its macros and cells still use them.
    func register(_ library: Library) {
        if let old = libraries[library.name] { keptEnvironments.append(old.environment) }
        libraries[library.name] = library
    }

    /// The library a program without `import` starts with: all of htll's Scheme.
    static let defaultLibrary = "htll scheme"

    /// The bindings of `env` user code may see: those whose names start with neither `%` (prelude
    /// internals) nor `htll:` or `htll-` (the layout prelude's internals and the host's entry points).
    func publicBindings(of env: Environment) -> Bindings {
        var out: Bindings = [:]
        for (id, _) in env.boundIdentifiers where !Runtime.isInternalName(id.name) {
            if let b = env.peek(id) { out[ObjectIdentifier(id)] = (id, b) }
        }
        return out
    }

    /// Whether `name` is a prelude internal that no library exports by default.
    static func isInternalName(_ name: String) -> Bool {
        name.hasPrefix("%") || name.hasPrefix("htll:") || name.hasPrefix("htll-")
    }

    /// A new top-level environment importing `libraries` (by name, e.g. "scheme base"). A system
    /// environment (an embedder's prelude, like HTLL's) also sees the Scheme prelude's internals
    /// (`%` names, such as `%error-at`, which raises an error at its input's location).
    func makeEnvironment(name: String, isSystem: Bool = false, importing names: [String]) -> Environment {
        let env = heap.own(Environment(name: name, isSystem: isSystem, heap: heap, declarations: declarations))
        if isSystem {
            keptEnvironments.append(env)
            for (id, _) in system.boundIdentifiers where id.name.hasPrefix("%") {
                if let b = system.peek(id) { env.importBinding(id, b) }
            }
        }
        for n in names {
            guard let lib = libraries[n] else { continue }
            for e in lib.exports.values { env.importBinding(e.id, e.binding) }
        }
        return env
    }

    /// Registers a library whose code was compiled in `env`, exporting `names` (the embedding API:
    /// the HTLL layout language is the library `(htll)`).
    func registerLibrary(_ name: String, environment env: Environment, exports names: [String]) {
        var exports: Bindings = [:]
        for n in names {
            let id = intern(n)
            if let b = env.peek(id) { exports[ObjectIdentifier(id)] = (id, b) }
        }
        register(Library(name: name, environment: env, exports: exports))
    }

    // MARK: - Import sets

    /// `(import set …)` into `env`. Every set is resolved before anything is bound, so an import
    /// that fails (an unknown library, a name a library lacks) changes nothing.
    func importSets(_ sets: [Value], into env: Environment) throws(SchemeRaise) {
        var all: [Bindings] = []
        for set in sets { all.append(try importSet(set, depth: 0)) }
        for bindings in all {
            for e in bindings.values { env.importBinding(e.id, e.binding) }
        }
    }

    /// The bindings an import set names: a library's exports, as `only`, `except`, `prefix` and
    /// `rename` filter and rename them (R7RS 5.2).
    func importSet(_ set: Value, depth: Int) throws(SchemeRaise) -> Bindings {
        guard depth < maxNesting else { throw error("import: import set nested too deeply", at: locationOf(set)) }
        guard let items = set.listElements, !items.isEmpty else {
            throw error("import: expected a library name or import set, got", set, at: locationOf(set))
        }
        // A modifier is recognised when its second element is itself a list (an import set);
        // otherwise `(only 1)` names a library.
        guard case .symbol(let hs) = items[0], items.count >= 2, items[1].isPair,
              let modifier = ImportModifier(rawValue: hs.takeUnretainedValue().base.name) else {
            return try library(named: set).exports
        }
        var inner = try importSet(items[1], depth: depth + 1)
        let args = Array(items.dropFirst(2))
        func missing(_ id: Symbol) -> SchemeRaise {
            error("import: \(modifier.rawValue): \(id.name) is not in the import set", items[1], at: locationOf(set))
        }
        switch modifier {
        case .only:
            var kept: Bindings = [:]
            for a in args {
                let id = try importIdentifier(a, set)
                guard let e = inner[ObjectIdentifier(id)] else { throw missing(id) }
                kept[ObjectIdentifier(id)] = e
            }
            return kept
        case .except:
            for a in args {
                let id = try importIdentifier(a, set)
                guard inner.removeValue(forKey: ObjectIdentifier(id)) != nil else { throw missing(id) }
            }
            return inner
        case .prefix:
            guard args.count == 1 else { throw error("import: prefix: expected (prefix IMPORT-SET PREFIX)", set, at: locationOf(set)) }
            let prefix = try importIdentifier(args[0], set).name
            var out: Bindings = [:]
            for e in inner.values {
                let id = intern(prefix + e.id.name)
                out[ObjectIdentifier(id)] = (id, e.binding)
            }
            return out
        case .rename:
            var renamed: [(Symbol, Binding)] = []
            let original = inner
            for a in args {
                guard let pair = a.listElements, pair.count == 2 else {
                    throw error("import: rename: expected (OLD NEW) pairs", set, at: locationOf(set))
                }
                let from = try importIdentifier(pair[0], set), to = try importIdentifier(pair[1], set)
                guard let e = original[ObjectIdentifier(from)] else { throw missing(from) }
                inner[ObjectIdentifier(from)] = nil
                renamed.append((to, e.binding))
            }
            for (to, b) in renamed { inner[ObjectIdentifier(to)] = (to, b) }
            return inner
        }
    }

    /// The import-set modifiers of R7RS 5.2.
    enum ImportModifier: String {
        case only, except, prefix, rename
    }

    func importIdentifier(_ v: Value, _ set: Value) throws(SchemeRaise) -> Symbol {
        guard case .symbol(let s) = v else { throw error("import: expected an identifier, got", v, at: locationOf(set)) }
        return s.takeUnretainedValue().base
    }

    func locationOf(_ v: Value) -> SourceLocation {
        if case .pair(let p) = v { return p.location }
        return .none
    }

    // MARK: - Finding and loading libraries

    /// A library name's text between the parentheses ("scheme base"), or an error: each part must be
    /// an identifier or an exact non-negative integer.
    func libraryName(_ v: Value, who: String) throws(SchemeRaise) -> (parts: [String], name: String) {
        guard let items = v.listElements, !items.isEmpty else {
            throw error("\(who): expected a library name such as (scheme base), got", v, at: locationOf(v))
        }
        var parts: [String] = []
        for item in items {
            switch item {
            case .symbol(let s): parts.append(s.takeUnretainedValue().base.name)
            case .fixnum(let n) where n >= 0: parts.append(String(n))
            default: throw error("\(who): a library name part must be an identifier or an exact integer, got", item, at: locationOf(v))
            }
        }
        // A part is one file name: `(import (.. etc passwd))` must not climb out of the search path.
        if let bad = parts.first(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("/") || $0.utf8.contains(0) }) {
            throw error("\(who): bad library name part \(Printer.quoted(bad))", kind: .file, at: locationOf(v))
        }
        return (parts, parts.joined(separator: " "))
    }

    /// The library `nameValue` names: already known, or loaded from the search path.
    func library(named nameValue: Value) throws(SchemeRaise) -> Library {
        let (parts, name) = try libraryName(nameValue, who: "import")
        if let lib = libraries[name] { return lib }
        if loading.contains(name) {
            throw error("import: library (\(name)) imports itself (a cycle of imports)", at: locationOf(nameValue))
        }
        let relative = parts.joined(separator: "/") + ".sld"
        guard let path = findLibraryFile(relative) else {
            let looked = searchPath.isEmpty ? "no search path (use -I DIR)" : "looked for \(relative) in \(searchPath.joined(separator: ", "))"
            throw error("import: library (\(name)) not found: htll does not provide it, and \(looked)",
                        kind: .file, at: locationOf(nameValue))
        }
        loading.append(name)
        defer { loading.removeAll { $0 == name } }
        let forms = try readFile(path, who: "import", at: locationOf(nameValue))
        try withRooted(heap.list(forms)) { () throws(SchemeRaise) in
            for form in forms {
                if case .pair(let p) = form, case .symbol(let hs) = p.car,
                   hs.takeUnretainedValue().name == "define-library" {
                    try defineLibrary(form, file: path)
                } else {
                    try run(form, in: interaction)
                }
            }
        }
        guard let lib = libraries[name] else {
            throw error("import: \(path) does not define the library (\(name))", kind: .file, at: locationOf(nameValue))
        }
        return lib
    }

    /// Whether `(library name)` in `cond-expand` names a library `import` would find.
    func libraryExists(_ name: Value) -> Bool {
        guard let (parts, key) = try? libraryName(name, who: "cond-expand") else { return false }
        if libraries[key] != nil { return true }
        return findLibraryFile(parts.joined(separator: "/") + ".sld") != nil
    }

    // MARK: - define-library

    /// `(define-library name decl …)`: a new environment, its declarations in order, then the exports.
    func defineLibrary(_ form: Value, file: String?) throws(SchemeRaise) {
        guard let items = form.listElements, items.count >= 2 else {
            throw error("define-library: expected (define-library NAME DECLARATION ...)", at: locationOf(form))
        }
        let (_, name) = try libraryName(items[1], who: "define-library")
        let env = makeEnvironment(name: "(\(name))", importing: [])
        // Included files are found next to the library's own file.
        let dir = (file ?? fileName(locationOf(form))).map(PathNames.base(of:)) ?? ""
        var exports: [(inner: Symbol, outer: Symbol)] = []
        loadingEnvironments.append(env)
        defer { loadingEnvironments.removeLast() }
        try libraryDeclarations(Array(items.dropFirst(2)), env, dir: dir, exports: &exports, depth: 0)
        var table: Bindings = [:]
        for (inner, outer) in exports {
            guard let b = env.peek(inner) else {
                throw error("define-library: (\(name)) exports \(inner.name), which it neither defines nor imports",
                            at: locationOf(items[1]))
            }
            if case .global(let cell) = b, case .undefined = cell.value, cell.isFree {
                throw error("define-library: (\(name)) exports \(inner.name), which it neither defines nor imports",
                            at: locationOf(items[1]))
            }
            table[ObjectIdentifier(outer)] = (outer, b)
        }
        register(Library(name: name, environment: env, exports: table))
    }

    /// A library's declarations, in order.
    func libraryDeclarations(_ decls: [Value], _ env: Environment, dir: String,
                             exports: inout [(inner: Symbol, outer: Symbol)], depth: Int) throws(SchemeRaise) {
        guard depth < maxNesting else { throw error("define-library: declarations nested too deeply") }
        for decl in decls {
            guard let d = decl.listElements, case .symbol(let hs)? = d.first else {
                throw error("define-library: expected a declaration, got", decl, at: locationOf(decl))
            }
            switch hs.takeUnretainedValue().base.name {
            case "export":
                for e in d.dropFirst() {
                    if let r = e.listElements, r.count == 3, case .symbol(let k) = r[0], k.takeUnretainedValue().base.name == "rename",
                       case .symbol(let a) = r[1], case .symbol(let b) = r[2] {
                        exports.append((a.takeUnretainedValue().base, b.takeUnretainedValue().base))
                    } else if case .symbol(let s) = e {
                        exports.append((s.takeUnretainedValue().base, s.takeUnretainedValue().base))
                    } else {
                        throw error("define-library: bad export specification", e, at: locationOf(decl))
                    }
                }
            case "import":
                try importSets(Array(d.dropFirst()), into: env)
            case "begin":
                try withRooted(decl) { () throws(SchemeRaise) in
                    for form in d.dropFirst() { try run(form, in: env) }
                }
            case "include", "include-ci":
                for path in try includedPaths(d, dir: dir, decl) {
                    let forms = try readFile(path, who: "include", at: locationOf(decl), foldCase: hs.takeUnretainedValue().base.name == "include-ci")
                    try withRooted(heap.list(forms)) { () throws(SchemeRaise) in
                        for form in forms { try run(form, in: env) }
                    }
                }
            case "include-library-declarations":
                for path in try includedPaths(d, dir: dir, decl) {
                    let forms = try readFile(path, who: "include-library-declarations", at: locationOf(decl))
                    try withRooted(heap.list(forms)) { () throws(SchemeRaise) in
                        try libraryDeclarations(forms, env, dir: PathNames.base(of: path),
                                                exports: &exports, depth: depth + 1)
                    }
                }
            case "cond-expand":
                for clause in d.dropFirst() {
                    guard let c = clause.listElements, let req = c.first else {
                        throw error("cond-expand: bad clause", clause, at: locationOf(decl))
                    }
                    if try featureHolds(req) {
                        try libraryDeclarations(Array(c.dropFirst()), env, dir: dir, exports: &exports, depth: depth + 1)
                        break
                    }
                }
            default:
                throw error("define-library: unknown declaration", decl, at: locationOf(decl))
            }
        }
    }

    /// The files an `include` declaration names, relative to the library's folder.
    func includedPaths(_ d: [Value], dir: String, _ decl: Value) throws(SchemeRaise) -> [String] {
        var paths: [String] = []
        for f in d.dropFirst() {
            guard let name = f.sstring?.string else { throw error("define-library: include needs a file name", f, at: locationOf(decl)) }
            paths.append(PathNames.resolve(name, against: dir))
        }
        return paths
    }

    /// Compiles and runs one top-level form in `env` from Swift code called by the VM (library
    /// loading); an uncaught error comes back as a raise with its message and location.
    func run(_ form: Value, in env: Environment) throws(SchemeRaise) {
        let thunk = try compileToplevel(form, in: env)
        do {
            _ = try vm.run(thunk, [])
        } catch {
            throw SchemeRaise(error.asRaise(self))
        }
    }

}

extension SchemeError {
    /// An error object with this error's message, irritants (as text) and location, to raise again
    /// in an outer run (an error in a library body reaches the `import` that loaded it).
    func asRaise(_ rt: Runtime) -> Value {
        let text = ([message] + irritants).joined(separator: " ")
        let loc = file.map { SourceLocation(file: rt.fileIndex($0), line: line, column: column) } ?? .none
        let kind: ErrorObject.Kind = self.kind == .read ? .read : self.kind == .file ? .file : .general
        return rt.makeError(text, kind: kind, at: loc)
    }
}
