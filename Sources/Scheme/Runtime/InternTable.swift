#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The heap's intern table: every interned symbol by name (see `Heap+Symbols.swift` for which it
/// keeps and for how long).
///
/// Open addressing with linear probing over the symbols, each slot's name hash kept beside it.
/// Why not a `Dictionary<String, Symbol>`: it hashed a name with SipHash at every lookup and
/// rehashed every name each time it grew, about 1,300 instructions to intern a new name (a layout
/// of 10,000 buttons reads a new selector for each, issue 19). Here a name is hashed once, with
/// FNV-1a over its UTF-8 bytes, and growing moves the kept hashes.
///
/// The slots hold the table's strong reference to each symbol: a weak symbol that only the table
/// holds is seen so by `isKnownUniquelyReferenced` (`removeIfOnlyHere`).
struct InternTable {
    /// The symbols; nil where `hashes` says empty or removed.
    private var slots: [Symbol?]
    /// Each slot's name hash, or `InternTable.empty` / `InternTable.removed`.
    private var hashes: [Int]
    /// Symbols held.
    private(set) var count = 0
    /// Slots marked removed (they end a probe only when the table is rebuilt).
    private var removedSlots = 0

    private static let empty = 0
    private static let removed = 1
    private static let initialCapacity = 64

    init() {
        slots = Array(repeating: nil, count: InternTable.initialCapacity)
        hashes = Array(repeating: InternTable.empty, count: InternTable.initialCapacity)
    }

    /// The hash of `name`: FNV-1a over its UTF-8 bytes, never one of the two markers.
    static func hash(_ name: String) -> Int {
        var text = name
        let h = text.withUTF8 { bytes -> UInt64 in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            return h
        }
        let folded = Int(truncatingIfNeeded: h ^ (h >> 29)) & Int.max
        return folded < 2 ? folded &+ 2 : folded
    }

    /// Whether two names are the same scalars (`string=?`): compared as UTF-8 bytes, where
    /// `String`'s == takes canonically equivalent names ("é" and "e" with a combining accent) for
    /// one.
    static func sameName(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }
                return memcmp(p, q, x.count) == 0
            }
        }
    }

    /// The slot holding `name` (hashed `h`), or nil.
    private func slot(of name: String, _ h: Int) -> Int? {
        let mask = slots.count &- 1
        var i = h & mask
        while true {
            let k = hashes[i]
            if k == InternTable.empty { return nil }
            if k == h, let s = slots[i], InternTable.sameName(s.name, name) { return i }
            i = (i &+ 1) & mask
        }
    }

    /// The symbol named `name`, if interned.
    subscript(name: String) -> Symbol? {
        slot(of: name, InternTable.hash(name)).flatMap { slots[$0] }
    }

    /// The symbol named `name`, made by `make` and added when there is none (`made` then true).
    mutating func symbol(named name: String, made: inout Bool, _ make: () -> Symbol) -> Symbol {
        let h = InternTable.hash(name)
        if let i = slot(of: name, h), let s = slots[i] { return s }
        if (count &+ removedSlots &+ 1) &* 4 > slots.count &* 3 { rebuild(capacity: (count &+ 1) &* 2) }
        let s = make()
        place(s, h)
        count &+= 1
        made = true
        return s
    }

    /// Puts `s` in the first slot of its probe that is empty or removed.
    private mutating func place(_ s: Symbol, _ h: Int) {
        let mask = slots.count &- 1
        var i = h & mask
        while hashes[i] > InternTable.removed { i = (i &+ 1) & mask }
        if hashes[i] == InternTable.removed { removedSlots &-= 1 }
        hashes[i] = h
        slots[i] = s
    }

    /// Removes `name`'s symbol if the table holds the only reference to it; whether it did.
    mutating func removeIfOnlyHere(_ name: String) -> Bool {
        guard let i = slot(of: name, InternTable.hash(name)), isKnownUniquelyReferenced(&slots[i]) else { return false }
        slots[i] = nil  // frees it
        hashes[i] = InternTable.removed
        count &-= 1
        removedSlots &+= 1
        return true
    }

    /// Room for `more` symbols without growing.
    mutating func reserve(_ more: Int) {
        let needed = count &+ removedSlots &+ more
        if needed &* 4 > slots.count &* 3 { rebuild(capacity: count &+ more) }
    }

    /// The slots rebuilt for at least `capacity` symbols at most three quarters full, from the
    /// kept hashes (no name hashed again), without the removed markers.
    private mutating func rebuild(capacity: Int) {
        var size = InternTable.initialCapacity
        while size &* 3 < capacity &* 4 { size &*= 2 }
        let oldSlots = slots, oldHashes = hashes
        slots = Array(repeating: nil, count: size)
        hashes = Array(repeating: InternTable.empty, count: size)
        removedSlots = 0
        for (i, s) in oldSlots.enumerated() {
            if let s { place(s, oldHashes[i]) }
        }
    }

    /// Every symbol held, in no particular order.
    var symbols: [Symbol] { slots.compactMap { $0 } }
}
