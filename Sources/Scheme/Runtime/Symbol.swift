/// An interned symbol (one per name per `Scheme` instance), or an identifier renamed by a macro.
///
/// Interned symbols also hold their global binding, so a global reference is one load.
public final class Symbol: HeapObject {
    /// The symbol's name, as written (for renamed identifiers: the original name).
    public let name: String
    /// The global variable's value, or `.undefined` when unbound.
    @exclusivity(unchecked) public var value: Value = .undefined
    /// The global syntactic binding (special form or macro), if any.
    var syntax: SyntaxBinding?
    /// True once a program has defined or assigned the global, so the compiler stops inlining it.
    var userDefined = false
    /// For an identifier a macro inserted: the identifier it renames.
    let renamed: Symbol?
    /// For a renamed identifier: the environment of the macro that inserted it.
    let environment: Scope?

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

    /// Whether the name is bound globally as syntax (a special form or a macro).
    public var isSyntax: Bool { syntax != nil }

    /// The interned symbol at the bottom of a chain of renamings.
    public var base: Symbol {
        var s = self
        while let r = s.renamed { s = r }
        return s
    }

    public override func trace(_ marker: inout Marker) {
        marker.mark(value)
        if let syntax { syntax.trace(&marker) }
        if let renamed { marker.markObject(renamed) }
        environment?.trace(&marker)
    }
    public override var typeName: String { "symbol" }
}
