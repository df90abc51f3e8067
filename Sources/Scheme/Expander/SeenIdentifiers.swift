/// The identifiers a binding form has bound so far, to refuse one bound twice.
///
/// Why a set past a few: a `let` or a lambda of thousands of bindings (a layout binding each of
/// its views) checked each identifier against every one before it, quadratic in the bindings
/// (5,000 `let`-bound views: 66 M instructions, a tenth of the layout; issue 19). A short list is
/// searched, as most binding forms are short, and nothing is allocated for it.
struct SeenIdentifiers {
    private var list: [Symbol] = []
    private var table = IdentityTable<Bool>()
    private static let searchedUpTo = 8

    /// Adds `id`; false when it was there already.
    mutating func insert(_ id: Symbol) -> Bool {
        if list.count < Self.searchedUpTo {
            if list.contains(where: { $0 === id }) { return false }
            list.append(id)
            if list.count == Self.searchedUpTo { for s in list { table[ObjectIdentifier(s)] = true } }
            return true
        }
        if table[ObjectIdentifier(id)] != nil { return false }
        table[ObjectIdentifier(id)] = true
        return true
    }
}
