import Scheme

extension HTLL {
    /// The sealed environment the layout prelude was compiled in (nil before `install(into:)`).
    /// Layouts and the REPL see only what the library `(htll)` exports from it.
    public static func environment(of scheme: Scheme) -> Environment? {
        scheme.environment(ofLibrary: "htll")
    }
}

extension Scheme {
    /// Calls the layout prelude's procedure `entry`: its own binding, whatever a layout or the REPL defines.
    func prelude(_ entry: PreludeEntry, _ arguments: [Value]) throws -> Value {
        try call(entry.rawValue, in: HTLL.environment(of: self), arguments)
    }

    /// The value of the layout prelude's variable `entry`, or nil.
    func preludeValue(_ entry: PreludeEntry) -> Value? {
        guard let env = HTLL.environment(of: self) else { return nil }
        return global(entry.rawValue, in: env)
    }
}
