// The block heap's weak intern table.

/// The intern table: open addressing over symbol words, hashed by name. It is not a root: after
/// marking, the entries whose symbol is unmarked are removed and counted, so a symbol lives exactly
/// as long as some code, datum or cell refers to it (reading untrusted input cannot grow the
/// table for ever).
struct SymbolTable {
    /// 0: empty; 1: deleted; otherwise a symbol word.
    private var slots: [UInt64] = Array(repeating: 0, count: 64)
    /// Symbols held.
    private(set) var count = 0
    private var deleted = 0
    /// Symbols interned since the last collection: the only ones a minor collection can free.
    private var young: [Word] = []
    /// Symbols removed because they died, over the heap's life.
    private(set) var collected = 0

    /// The hash of a name: FNV-1a over its scalars, kept within the fixnum range.
    static func hash(_ name: String) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in name.unicodeScalars {
            h = (h ^ UInt64(c.value)) &* 0x0000_0100_0000_01B3
        }
        return Int(h >> 2)
    }

    /// The symbol named `name` (whose hash is `hash`), if interned.
    func lookup(_ name: String, hash: Int) -> Word? {
        let mask = slots.count - 1
        var i = hash & mask
        while true {
            let s = slots[i]
            if s == 0 { return nil }
            if s != 1, let sym = SymbolRef(Word(bits: s)), sym.hash == hash, sym.name.equals(name) {
                return sym.word
            }
            i = (i + 1) & mask
        }
    }

    /// Adds a symbol that `lookup` did not find.
    mutating func insert(_ symbol: Word, hash: Int) {
        if (count + deleted + 1) * 4 > slots.count * 3 { rehash(capacity: max(64, count * 4)) }
        place(symbol.bits, hash: hash)
        count += 1
        young.append(symbol)
    }

    private mutating func place(_ bits: UInt64, hash: Int) {
        let mask = slots.count - 1
        var i = hash & mask
        while slots[i] > 1 { i = (i + 1) & mask }
        if slots[i] == 1 { deleted -= 1 }
        slots[i] = bits
    }

    /// Rebuilds the table with room for `capacity` (a power of two ≥ 64 is used), keeping the live
    /// entries and dropping deleted markers.
    private mutating func rehash(capacity: Int) {
        let old = slots
        var n = 64
        while n < capacity { n *= 2 }
        slots = Array(repeating: 0, count: n)
        deleted = 0
        for s in old where s > 1 {
            if let sym = SymbolRef(Word(bits: s)) { place(s, hash: sym.hash) }
        }
    }

    /// Removes the symbols that died in the collection just marked (a minor collection looks only
    /// at the young ones) and returns how many.
    @discardableResult
    mutating func sweep(major: Bool) -> Int {
        var n = 0
        if major {
            for i in slots.indices where slots[i] > 1 && !HeapMarker.isMarked(Word(bits: slots[i])) {
                slots[i] = 1
                deleted += 1
                n += 1
            }
        } else {
            for sym in young where !HeapMarker.isMarked(sym) {
                remove(sym)
                n += 1
            }
        }
        young = []
        count -= n
        collected += n
        if deleted > slots.count / 4 { rehash(capacity: max(64, count * 2)) }
        return n
    }

    /// Marks the slot of `symbol` deleted (its name is still readable: the collection has not
    /// reused its cells yet).
    private mutating func remove(_ symbol: Word) {
        guard let sym = SymbolRef(symbol) else { return }
        let mask = slots.count - 1
        var i = sym.hash & mask
        while slots[i] != 0 {
            if slots[i] == symbol.bits {
                slots[i] = 1
                deleted += 1
                return
            }
            i = (i + 1) & mask
        }
    }
}
