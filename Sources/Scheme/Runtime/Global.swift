/// A top-level variable: the cell compiled code reads and writes directly, so a global reference
/// costs one load however many environments there are.
///
/// Each environment has its own cell for every name its code uses. A name it imports gets a cell
/// that *mirrors* the exporting library's: it starts with the library's value and, for a user
/// library, follows the library's later assignments. Defining or assigning the name in the
/// importing environment detaches the mirror, so the definition belongs to the importer alone and
/// never reaches the library, system code, or anyone else importing it. Cells of system
/// environments (the preludes) never change once those environments are sealed, so mirrors of
/// them are not registered for updates.
final class Global: HeapObject {
    /// The variable's name, as its environment spells it (for messages).
    public let name: Symbol
    /// The value, or `.undefined` while unbound.
    @exclusivity(unchecked) public internal(set) var value: Value = .undefined
    /// The cell this one mirrors; nil when its environment owns the binding.
    private(set) var source: Global?
    /// Mirrors that follow this cell's assignments (weak: a dead environment's mirror just drops out).
    /// (Unchecked exclusivity: every `set!` of a global reads it, a checked access cost about 60
    /// instructions, and no access to it calls out to code that could reach it meanwhile.)
    @exclusivity(unchecked) private var mirrors: [WeakGlobal] = []
    /// Belongs to a system environment (a prelude), whose code user definitions must never reach.
    let isSystem: Bool
    /// Defined or assigned by its environment's own code, not merely referenced.
    var isDeclared = false

    init(name: Symbol, isSystem: Bool) {
        self.name = name
        self.isSystem = isSystem
    }

    /// Whether this cell follows another's assignments (an imported binding not defined again).
    var isMirror: Bool { source != nil }

    /// The cell at the end of the chain of mirrors (the binding's definition).
    var root: Global {
        var g = self
        while let s = g.source { g = s }
        return g
    }

    /// Whether nothing binds this name: never defined, assigned or imported here (R7RS compares
    /// such free identifiers by name, for `syntax-rules` literals).
    var isFree: Bool { source == nil && !isDeclared }

    /// Makes this cell mirror `cell` (dropping what it mirrored before).
    func follow(_ cell: Global) {
        guard cell.root !== self else { return }
        detach()
        source = cell
        value = cell.value
        isDeclared = false
        if !cell.isSystem { cell.mirrors.append(WeakGlobal(cell: self)) }
    }

    /// Makes the binding this cell's own: it keeps its current value and stops following its source.
    func detach() {
        guard let s = source else { return }
        s.mirrors.removeAll { $0.cell == nil || $0.cell === self }
        source = nil
    }

    /// Sets the value (a `define` or `set!`) and passes it on to the mirrors.
    @inline(__always) func assign(_ v: Value) {
        value = v
        if !mirrors.isEmpty { propagate() }
    }

    /// Sets the value as a `define` does: an anonymous procedure takes the name it is defined as.
    func define(_ v: Value) {
        if case .closure(let c) = v, c.code.name == "anonymous" {
            c.code.name = name.name
        }
        assign(v)
    }

    /// Copies the value down every chain of mirrors (a worklist: re-export chains can be long).
    private func propagate() {
        var work: [Global] = [self]
        while let g = work.popLast() {
            g.mirrors.removeAll { $0.cell == nil }
            for m in g.mirrors {
                guard let c = m.cell else { continue }
                c.value = g.value
                if !c.mirrors.isEmpty { work.append(c) }
            }
        }
    }

    override func trace(_ marker: inout Marker) {
        marker.mark(value)
        marker.markObject(name)
        if let source { marker.markObject(source) }
    }
    public override var byteSize: Int { 64 }
    public override var typeName: String { "global" }
}

/// A mirror as its source holds it.
struct WeakGlobal {
    weak var cell: Global?
}
