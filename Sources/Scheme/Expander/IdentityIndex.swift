/// Objects numbered in the order they were added (0, 1, ...), found again by identity: a binding
/// form's identifiers (to refuse one bound twice), a lambda's captured variables (their slots).
///
/// Why a table past a few: a `let` or a lambda of thousands of bindings (a layout binding each of
/// its views) checked each identifier against every one before it, and a lambda searched its
/// captures at every reference, quadratic in either (5,000 `let`-bound views: 66 M instructions,
/// a tenth of the layout; issue 19). A short list is searched, as most are short, and no table is
/// made for it.
struct IdentityIndex {
    private var keys: [ObjectIdentifier] = []
    private var table = IdentityTable<Int>()
    private static let searchedUpTo = 8

    /// The number `key` was added as, or nil.
    func position(of key: ObjectIdentifier) -> Int? {
        keys.count < Self.searchedUpTo ? keys.firstIndex(of: key) : table[key]
    }

    /// Adds `key` (not there yet) as the next number.
    mutating func append(_ key: ObjectIdentifier) {
        keys.append(key)
        if keys.count == Self.searchedUpTo {
            for (i, k) in keys.enumerated() { table[k] = i }
        } else if keys.count > Self.searchedUpTo {
            table[key] = keys.count - 1
        }
    }

    /// Adds `key`; false when it was there already.
    mutating func insert(_ key: ObjectIdentifier) -> Bool {
        guard position(of: key) == nil else { return false }
        append(key)
        return true
    }
}
