/// A library `import` can name: its environment and the bindings it exports, by exported name.
final class Library {
    /// The name as written inside the parentheses: "scheme base", "app styles".
    let name: String
    /// Where its code was compiled (the system environment, for the standard libraries).
    let environment: Environment
    /// The exported bindings, keyed by the exported name (an interned symbol).
    let exports: [ObjectIdentifier: (id: Symbol, binding: Binding)]

    init(name: String, environment: Environment, exports: [ObjectIdentifier: (id: Symbol, binding: Binding)]) {
        self.name = name
        self.environment = environment
        self.exports = exports
    }

    /// Marks the environment: every exported binding is one of its own or of its imports, which
    /// belong to libraries the runtime keeps as well.
    func trace(_ marker: inout Marker) {
        marker.markObject(environment)
    }
}
