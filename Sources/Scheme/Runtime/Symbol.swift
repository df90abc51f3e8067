/// An interned symbol (one per name per `Scheme` instance), or an identifier renamed by a macro.
///
/// A symbol is only a name: what it means at top level is up to each `Environment`.
public final class Symbol: HeapObject {
    /// The symbol's name, as written (for renamed identifiers: the original name).
    public let name: String
    /// For an identifier a macro inserted: the identifier it renames.
    let renamed: Symbol?
    /// For a renamed identifier: the scope of the macro that inserted it (nil: the system environment).
    let environment: Scope?
    /// For an interned symbol: whether the intern table keeps it for good (see `Heap+Symbols.swift`).
    @exclusivity(unchecked) var pinned = false

    init(name: String) {
        self.name = name
        self.renamed = nil
        self.environment = nil
    }

    init(renaming original: Symbol, in environment: Scope?) {
        self.name = original.name
        self.renamed = original
        self.environment = environment
    }

    /// The interned symbol at the bottom of a chain of renamings.
    public var base: Symbol {
        var s = self
        while let r = s.renamed { s = r }
        return s
    }

    override func trace(_ marker: inout Marker) {
        if let renamed { marker.markObject(renamed) }
        environment?.trace(&marker)
    }
    public override var typeName: String { "symbol" }
}
