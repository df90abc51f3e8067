/// A top-level environment: what the names of one library, program, prelude or `eval` environment
/// mean. Its bindings are its own definitions and syntax plus what its imports bring; it is the
/// root of every scope chain expanded in it.
///
/// The system environments (the Scheme and HTLL preludes) are sealed: no user code is compiled in
/// them, and user code reaches their bindings only through imports, as mirrors (see `Global`), so
/// a user's definition can never change what system code calls.
public final class Environment: HeapObject {
    /// A name for messages: "(scheme system)", "(app styles)", "top level"…
    public let name: String
    /// Code compiled here belongs to a prelude: kept out of backtraces and error locations.
    public let isSystem: Bool
    /// Own bindings: definitions, syntax, mirrors of imported variables, and cells of names used
    /// before any definition. Keyed by identifier identity: interned symbols, plus the renamed
    /// identifiers a macro defined at top level (those stay invisible to code that did not insert them).
    /// (Unchecked, like the tables below: no access to them calls out while it lasts, and the dynamic
    /// exclusivity checks were about 70 instructions per lookup or definition: 5,000 of them in
    /// GearCalc's start-up, issue 19.)
    /// (Identity tables, not Dictionaries: hashing each identifier was most of a lookup.)
    @exclusivity(unchecked) private var bindings = IdentityTable<(id: Symbol, binding: Binding)>()
    /// What the imports bring, by (interned) name.
    @exclusivity(unchecked) private var imports = IdentityTable<(id: Symbol, binding: Binding)>()
    /// Bindings every top-level environment has whatever it imports (`import`, `define-library`).
    private let declarations: IdentityTable<(id: Symbol, binding: Binding)>
    /// What the collector marks, kept apart from the dictionaries so a collection walks plain arrays
    /// (no reference counting): every cell made here, and every macro bound or imported here.
    /// A cell whose name was rebound stays listed (harmless: it is only kept alive).
    @exclusivity(unchecked) private var cells: [Unmanaged<Global>] = []
    @exclusivity(unchecked) private var macros: [Macro] = []
    /// The cells of a system environment (see `newCell`).
    @exclusivity(unchecked) private var ownedCells: [Global] = []
    /// A program's environment before anything ran in it: its first `import` replaces the defaults.
    var pristine = false
    unowned let heap: Heap
    /// The root of the scope chains expanded here.
    private(set) lazy var scope = Scope(environment: self)

    init(name: String, isSystem: Bool, heap: Heap, declarations: [ObjectIdentifier: (id: Symbol, binding: Binding)]) {
        self.name = name
        self.isSystem = isSystem
        self.heap = heap
        self.declarations = IdentityTable(declarations)
    }

    /// What `id` means here, making a cell for a variable seen for the first time: a mirror of an
    /// imported one, or an unbound cell a later definition fills.
    func lookup(_ id: Symbol) -> Binding {
        let key = ObjectIdentifier(id)
        if let e = bindings[key] { return e.binding }
        let cell = newCell(id)
        if let imported = imports[key] ?? declarations[key] {
            guard case .global(let source) = imported.binding else { return imported.binding }
            cell.follow(source)
        }
        bindings[key] = (id, .global(cell))
        return .global(cell)
    }

    /// Makes room for `count` more variables at once: a prelude image knows how many it defines or
    /// refers to, and growing the table a doubling at a time rehashed every binding so far (and
    /// left the old tables as garbage: 180 KB of GearCalc's start-up, issue 19).
    func reserveVariables(_ count: Int) {
        bindings.reserveCapacity(bindings.count + count)
        cells.reserveCapacity(cells.count + count)
        if isSystem { ownedCells.reserveCapacity(ownedCells.count + count) }
    }

    /// The binding `id` has by identity among the own bindings, without making anything.
    func ownBinding(_ id: Symbol) -> Binding? { bindings[ObjectIdentifier(id)]?.binding }

    /// The binding `id` would have, without making a cell (nil when unbound).
    func peek(_ id: Symbol) -> Binding? {
        let key = ObjectIdentifier(id)
        return bindings[key]?.binding ?? imports[key]?.binding ?? declarations[key]?.binding
    }

    /// The cell a top-level `define` (or `set!` of an import) of `id` assigns: the environment's own.
    func defineVariable(_ id: Symbol) -> Global {
        let key = ObjectIdentifier(id)
        if case .global(let cell)? = bindings[key]?.binding {
            cell.detach()
            cell.isDeclared = true
            return cell
        }
        let cell = newCell(id)
        cell.isDeclared = true
        bindings[key] = (id, .global(cell))
        return cell
    }

    /// A new cell of this environment named `id`. A system environment lives as long as its
    /// runtime, so its cells are its own (like interned symbols) rather than the heap's: marked
    /// through the environment, never swept, which keeps them out of every collection's sweep.
    private func newCell(_ id: Symbol) -> Global {
        let cell = Global(name: id, isSystem: isSystem)
        if isSystem { ownedCells.append(cell) } else { heap.own(cell) }
        cells.append(Unmanaged.passUnretained(cell))
        return cell
    }

    /// How many times syntax was bound at top level here: a prelude image keeps the forms that
    /// did so as source (see `CodeImage`).
    private(set) var syntaxDefinitions = 0

    /// Binds `id` to syntax (a top-level `define-syntax`).
    func defineSyntax(_ id: Symbol, _ syntax: SyntaxBinding) {
        syntaxDefinitions += 1
        bindings[ObjectIdentifier(id)] = (id, .syntax(syntax))
        if case .macro(let m) = syntax { macros.append(m) }
    }

    /// Defines `name` as a variable holding `value` (builtins and the embedding API).
    func define(_ name: Symbol, _ value: Value) {
        defineVariable(name).assign(value)
    }

    /// Makes `binding` visible as `id`. A cell already made for the name now mirrors the import, so
    /// code compiled before the import (in the same `begin`, or at a REPL) sees it too.
    func importBinding(_ id: Symbol, _ binding: Binding) {
        let key = ObjectIdentifier(id)
        imports[key] = (id, binding)
        if case .syntax(.macro(let m)) = binding { macros.append(m) }
        guard let own = bindings[key] else { return }
        if case .global(let cell) = own.binding, case .global(let source) = binding {
            cell.follow(source)
        } else {
            bindings[key] = nil
        }
    }

    /// Forgets every import (a program whose first form is `import` starts from nothing).
    func clearImports() {
        imports = IdentityTable()
        for (key, e) in bindings {
            if case .global(let cell) = e.binding, !cell.isDeclared {
                cell.detach()
                cell.value = .undefined
            } else if case .syntax = e.binding {
                bindings[key] = nil
            }
        }
    }

    /// The value of the variable `name`, if bound (without making a cell).
    public func value(_ name: Symbol) -> Value? {
        guard case .global(let cell)? = peek(name) else { return nil }
        let v = cell.value
        if case .undefined = v { return nil }
        return v
    }

    /// The names this environment defines itself (variables and syntax), not those it imports.
    var definedNames: [String] {
        bindings.compactMap { entry in
            let e = entry.value
            guard e.id.renamed == nil else { return nil }
            switch e.binding {
            case .syntax: return e.id.name
            case .global(let cell): return cell.source == nil && cell.isDeclared ? e.id.name : nil
            case .variable: return nil
            }
        }
    }

    /// Every name bound here to a value or to syntax, with whether it is syntax.
    public var boundNames: [(name: String, isSyntax: Bool)] {
        boundIdentifiers.map { ($0.id.name, $0.isSyntax) }
    }

    /// The interned identifiers of `boundNames`: for tables built at every start-up (the standard
    /// libraries), which then need not intern each name again.
    var boundIdentifiers: [(id: Symbol, isSyntax: Bool)] {
        var seen = Set<ObjectIdentifier>()
        var out: [(id: Symbol, isSyntax: Bool)] = []
        for table in [bindings, imports, declarations] {
            for (key, e) in table where e.id.renamed == nil && !seen.contains(key) {
                switch e.binding {
                case .syntax: out.append((e.id, true))
                case .global(let cell):
                    if case .undefined = cell.value { continue }
                    out.append((e.id, false))
                case .variable: continue
                }
                seen.insert(key)
            }
        }
        return out
    }

    /// Marks the cells made here (each marks its name and value) and the macros bound or imported.
    /// Imported cells belong to a library's environment, which the runtime keeps.
    override func trace(_ marker: inout Marker) {
        for c in cells { marker.markObject(c.takeUnretainedValue()) }
        for m in macros { m.trace(&marker) }
    }
    public override var typeName: String { "environment" }
}
