/// The intern table, weak for symbols that come from data (issue 17).
///
/// Two kinds of interned symbol:
/// - **pinned**: interned by Swift code (`Runtime.intern`, `Scheme.symbol`, the prelude image, the
///   builtin tables). Swift may keep such a symbol, or a `Value` of it, anywhere without telling the
///   collector, so it lives as long as the heap. There are as many as the code names.
/// - **weak**: made from data (the reader, `string->symbol`, `read`). Untrusted input can make any
///   number of them, so the table does not keep them: a collection that does not reach one drops
///   it from the table and frees it, and `symbolsCollected` counts it. Interning the name again
///   later makes a new symbol, which nobody can tell apart from the old (nothing refers to the old).
///   A weak symbol becomes pinned when Swift code interns its name.
///
/// Why a weak symbol is also kept while Swift holds a strong reference to it (a global's name, an
/// environment's binding, a renamed identifier's base): such a holder compares it by identity, and
/// a second symbol of the same name made after the first was dropped would differ from it. The
/// table's reference is then not the only one (`isKnownUniquelyReferenced`).
///
/// Protection (`protectExisting`) covers weak symbols like other objects: those that exist when a
/// protecting run starts survive it (`symbolWatermark`, a position in `weakSymbols`).
extension Heap {
    /// What an interned symbol costs besides its name's bytes: the object and its table entry.
    static let symbolOverhead = 96

    /// The interned symbol named `name`; a new one is pinned if `pinned`, else weak (see above).
    /// An existing weak symbol interned with `pinned` becomes pinned.
    func intern(_ name: String, pinned: Bool) -> Symbol {
        // One hash and one probe, whether the name is new or not (a lookup then an insertion hashed
        // a new name twice: 1,700 new names in GearCalc's start-up).
        var made = false
        let s = symbols.symbol(named: name, made: &made) { Self.newSymbol(name, pinned) }
        if made {
            let bytes = Self.symbolOverhead &+ name.utf8.count
            symbolBytes &+= bytes
            charge(bytes)
            if !pinned { weakSymbols.append(Unmanaged.passUnretained(s)) }
        } else if pinned && !s.pinned {
            s.pinned = true  // its entry in `weakSymbols` goes at the next sweep
        }
        return s
    }

    private static func newSymbol(_ name: String, _ pinned: Bool) -> Symbol {
        let s = Symbol(name: name)
        s.pinned = pinned
        return s
    }

    /// Makes room for `count` more symbols at once: a prelude image names its symbols up front, and
    /// growing the table a doubling at a time rehashed every name so far (1.1 M instructions of
    /// GearCalc's start-up, issue 19).
    func reserveSymbols(_ count: Int) {
        symbols.reserve(count)
    }

    /// All interned symbols (for completion and the like).
    var allSymbols: [Symbol] { symbols.symbols }

    /// How many symbols the table holds.
    public var symbolCount: Int { symbols.count }

    /// Drops the weak symbols this collection did not mark (past the protected ones) unless Swift
    /// holds them; forgets the entries of symbols pinned since. Runs after the objects' sweep, so
    /// the renamed identifiers that died no longer hold their base symbols.
    /// A minor collection sweeps only the symbols made since the last collection (`first`).
    func sweepSymbols(from first: Int) {
        var kept = first
        var i = first
        while i < weakSymbols.count {
            let u = weakSymbols[i]
            i += 1
            let (name, pinned, marked) = u._withUnsafeGuaranteedRef { ($0.name, $0.pinned, $0.markEpoch == objectEpoch) }
            if pinned { continue }
            // (The table's slot is inspected in place, so a symbol that only the table holds is
            // seen with one reference.)
            if !marked && symbols.removeIfOnlyHere(name) {
                symbolBytes &-= Self.symbolOverhead &+ name.utf8.count
                symbolsCollected &+= 1
                continue
            }
            weakSymbols[kept] = u
            kept += 1
        }
        weakSymbols.removeSubrange(kept...)
    }
}
