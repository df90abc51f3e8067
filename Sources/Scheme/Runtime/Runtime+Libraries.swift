import Foundation

/// `import` and `define-library`. Every library shares the one global environment, so importing
/// a standard library checks its name and makes nothing new; a user library is loaded once from
/// `NAME/PARTS.sld` on the search path, and `prefix`/`rename` import sets define aliases.
extension Runtime {
    /// The standard libraries `import` accepts.
    static let standardLibraries: Set<String> = [
        "scheme base", "scheme char", "scheme cxr", "scheme inexact", "scheme write", "scheme read",
        "scheme eval", "scheme file", "scheme lazy", "scheme case-lambda", "scheme process-context",
        "scheme time", "scheme complex", "scheme repl", "scheme load", "scheme r5rs",
        "srfi 1", "srfi 2", "srfi 6", "srfi 8", "srfi 9", "srfi 13", "srfi 23", "srfi 39", "srfi 69",
        "srfi 87", "srfi 98", "srfi 111", "srfi 130", "srfi 132", "srfi 151", "htll",
    ]

    /// `(import set …)`, evaluated at run time.
    func importSets(_ sets: [Value]) throws {
        for set in sets { try importSet(set) }
    }

    /// One import set: a library name, possibly wrapped in only/except/prefix/rename.
    func importSet(_ set: Value) throws {
        var renames: [(from: String, to: String)] = []
        var prefix = ""
        var cur = set
        while let items = cur.listElements, case .symbol(let hs)? = items.first,
              ["only", "except", "prefix", "rename"].contains(hs.takeUnretainedValue().base.name), items.count >= 2 {
            switch hs.takeUnretainedValue().base.name {
            case "prefix":
                guard items.count == 3, case .symbol(let p) = items[2] else { throw error("import: bad prefix import set", set) }
                prefix = p.takeUnretainedValue().base.name + prefix
            case "rename":
                for r in items.dropFirst(2) {
                    guard let pair = r.listElements, pair.count == 2, let a = pair[0].stringValue, let b = pair[1].stringValue else {
                        throw error("import: bad rename import set", set)
                    }
                    renames.append((a, b))
                }
            default:
                break  // only/except: the environment is shared, so nothing is hidden
            }
            cur = items[1]
        }
        guard let parts = cur.listElements, !parts.isEmpty else { throw error("import: bad library name", set) }
        let name = parts.map { Printer.display($0) }.joined(separator: " ")
        let exports: [String]
        if Runtime.standardLibraries.contains(name) {
            guard !prefix.isEmpty || !renames.isEmpty else { return }
            exports = allSymbols.filter { s in
                if case .undefined = s.value { return s.isSyntax }
                return true
            }.map { $0.name }
        } else {
            exports = try loadLibrary(parts, name)
        }
        for (from, to) in renames { alias(from, as: to) }
        if !prefix.isEmpty { for e in exports { alias(e, as: prefix + e) } }
    }

    /// Binds `new` to whatever `old` means globally (a value or syntax).
    func alias(_ old: String, as new: String) {
        let o = intern(old), n = intern(new)
        n.value = o.value
        n.syntax = o.syntax
    }

    /// Loads a user library (once) and returns its exported names.
    func loadLibrary(_ parts: [Value], _ name: String) throws -> [String] {
        if let exports = loadedLibraries[name] { return exports }
        let names = parts.map { Printer.display($0) }
        // A part is one file name: `(import (.. etc passwd))` must not climb out of the search path.
        if let bad = names.first(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("/") || $0.utf8.contains(0) }) {
            throw error("import: bad library name part \(Printer.quoted(bad))", kind: .file)
        }
        let relative = names.joined(separator: "/") + ".sld"
        guard let path = findLibraryFile(relative) else {
            throw error("import: library (\(name)) not found (looked for \(relative) in \(searchPath.joined(separator: ", ")))", kind: .file)
        }
        loadedLibraries[name] = []
        for form in try readFile(path, who: "import") {
            if let items = form.listElements, case .symbol(let hs)? = items.first,
               hs.takeUnretainedValue().name == "define-library" {
                try defineLibrary(items, file: path)
            } else {
                _ = try vm.run(try compileToplevel(form), [])
            }
        }
        return loadedLibraries[name] ?? []
    }

    /// `(define-library name decl …)`: runs its imports, bodies and includes at top level.
    func defineLibrary(_ items: [Value], file: String?) throws {
        guard items.count >= 2, let parts = items[1].listElements else { throw error("define-library: bad syntax") }
        let name = parts.map { Printer.display($0) }.joined(separator: " ")
        var exports: [String] = []
        var renamedExports: [(String, String)] = []
        let dir = file.map(PathNames.base(of:)) ?? ""
        for decl in items.dropFirst(2) {
            guard let d = decl.listElements, case .symbol(let hs)? = d.first else {
                throw error("define-library: bad declaration", decl)
            }
            switch hs.takeUnretainedValue().name {
            case "export":
                for e in d.dropFirst() {
                    if let r = e.listElements, r.count == 3, let inner = r[1].stringValue, let outer = r[2].stringValue {
                        renamedExports.append((inner, outer))  // aliased once the body has defined them
                        exports.append(outer)
                    } else if let s = e.stringValue {
                        exports.append(s)
                    }
                }
            case "import":
                try importSets(Array(d.dropFirst()))
            case "begin":
                for form in d.dropFirst() { _ = try vm.run(try compileToplevel(form), []) }
            case "include", "include-ci", "include-library-declarations":
                for f in d.dropFirst() {
                    guard let fname = f.sstring?.string else { throw error("define-library: include needs a file name", f) }
                    let path = PathNames.resolve(fname, against: dir)
                    for form in try readFile(path, who: "include") { _ = try vm.run(try compileToplevel(form), []) }
                }
            case "cond-expand":
                for clause in d.dropFirst() {
                    guard let c = clause.listElements, let req = c.first else { continue }
                    if try featureHolds(req) {
                        try defineLibrary([items[0], items[1]] + c.dropFirst(), file: file)
                        break
                    }
                }
            default:
                throw error("define-library: unknown declaration", decl)
            }
        }
        for (inner, outer) in renamedExports { alias(inner, as: outer) }
        loadedLibraries[name, default: []].append(contentsOf: exports)
    }
}
