/// A library `import` can name: its environment and the bindings it exports, by exported name.
final class Library {
    /// The name as written inside the parentheses: "scheme base", "app styles".
    let name: String
    /// Where its code was compiled (the system environment, for the standard libraries).
    let environment: Environment
    /// The exported bindings, keyed by the exported name (an interned symbol).
    var exports: [ObjectIdentifier: (id: Symbol, binding: Binding)] {
        if let built { return built }
        let made = make?() ?? [:]
        built = made
        make = nil
        return made
    }
    private var built: [ObjectIdentifier: (id: Symbol, binding: Binding)]?
    /// What makes the exports on first use (see the second `init`).
    private var make: (() -> [ObjectIdentifier: (id: Symbol, binding: Binding)])?

    init(name: String, environment: Environment, exports: [ObjectIdentifier: (id: Symbol, binding: Binding)]) {
        self.name = name
        self.environment = environment
        built = exports
    }

    /// A library whose exports `make` builds when they are first used: a standard library of the
    /// sealed system environment, whose bindings never change, so building its table later gives
    /// the same table. Start-up built all 27 of them (3 M instructions, issue 19), and most
    /// programs import none.
    init(name: String, environment: Environment, making make: @escaping () -> [ObjectIdentifier: (id: Symbol, binding: Binding)]) {
        self.name = name
        self.environment = environment
        self.make = make
    }

    /// Marks the environment: every exported binding is one of its own or of its imports, which
    /// belong to libraries the runtime keeps as well.
    func trace(_ marker: inout Marker) {
        marker.markObject(environment)
    }
}
