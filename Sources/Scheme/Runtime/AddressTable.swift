/// An object's address multiplied by 2^64/φ (Fibonacci hashing): the product's high bits mix all
/// of the address's, which differ between objects (16 bytes apart at least). The one hash of every
/// table keyed by identity (these tables, scopes, the expander's top-level cache, hash tables'
/// identity keys); each takes the bits it needs.
@inline(__always) func addressHash(_ address: UInt) -> UInt64 {
    UInt64(address) &* 0x9E37_79B9_7F4A_7C15
}

/// A key an `AddressTable` finds by its address: an object's identity, or a node of the heap.
protocol AddressKey: Hashable {
    /// The address the table hashes (never 0).
    var address: UInt { get }
}

extension ObjectIdentifier: AddressKey {
    var address: UInt { UInt(bitPattern: self) }
}

extension UnsafeMutableRawPointer: AddressKey {
    var address: UInt { UInt(bitPattern: self) }
}

/// Values keyed by object identity.
typealias IdentityTable<Element> = AddressTable<ObjectIdentifier, Element>

/// Values keyed by an address (an environment's bindings by identifier, the printer's nodes): open
/// addressing with linear probing and a multiplicative hash of the address, at most half full.
///
/// Why not a Dictionary: hashing an `ObjectIdentifier` with `Hasher` (SipHash) was most of each
/// lookup, about 140 instructions, and the expander looks up every identifier it meets, two or
/// three times when it is imported (issue 19: a layout of 10,000 views).
struct AddressTable<Key: AddressKey, Element>: Sequence {
    /// Each entry's key, nil for an empty entry: probing reads these alone, which need no
    /// reference counting (probing the values retained and released each one it passed).
    private var keys: [Key?] = []
    /// The value of each entry in use (parallel to `keys`).
    private var values: [Element?] = []
    /// How many entries are in use.
    private(set) var count = 0
    /// 64 minus log2 of the capacity: the hash's top bits pick the first entry to probe.
    private var shift = 64

    init() {}

    /// A table holding the entries of `dictionary`.
    init(_ dictionary: [Key: Element]) {
        reserveCapacity(dictionary.count)
        for (k, v) in dictionary { self[k] = v }
    }

    /// The value stored for `key`, or nil; assigning nil removes the entry.
    subscript(key: Key) -> Element? {
        get {
            guard let i = find(key) else { return nil }
            return values[i]
        }
        set {
            if let value = newValue {
                insert(key, value)
            } else if let i = find(key) {
                remove(at: i)
            }
        }
    }

    /// Makes room for `capacity` entries in all without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        if 2 * capacity > keys.count { resize(to: capacity) }
    }

    @inline(__always) private func slot(_ key: Key) -> Int {
        Int(truncatingIfNeeded: addressHash(key.address) >> UInt64(shift))
    }

    /// The index of `key`'s entry, or nil.
    @inline(__always) private func find(_ key: Key) -> Int? {
        guard count > 0 else { return nil }
        let mask = keys.count - 1
        var i = slot(key)
        while let k = keys[i] {
            if k == key { return i }
            i = (i + 1) & mask
        }
        return nil
    }

    private mutating func insert(_ key: Key, _ value: Element) {
        if let i = find(key) {
            values[i] = value
            return
        }
        if 2 * (count + 1) > keys.count { resize(to: count + 1) }
        let mask = keys.count - 1
        var i = slot(key)
        while keys[i] != nil { i = (i + 1) & mask }
        keys[i] = key
        values[i] = value
        count += 1
    }

    /// Empties entry `i`, moving back the entries after it that probed past it (no tombstones).
    private mutating func remove(at i: Int) {
        let mask = keys.count - 1
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            guard let k = keys[j] else { break }
            let home = slot(k)
            // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
            let stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !stays {
                keys[hole] = k
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = nil
        values[hole] = nil
        count -= 1
    }

    /// Rehashes into the smallest power-of-two capacity (at least 16) that holds `minimum` entries
    /// at most half full.
    private mutating func resize(to minimum: Int) {
        var capacity = 16
        while capacity < 2 * minimum { capacity *= 2 }
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: nil, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        let mask = capacity - 1
        for (j, key) in oldKeys.enumerated() {
            guard let k = key else { continue }
            var i = slot(k)
            while keys[i] != nil { i = (i + 1) & mask }
            keys[i] = k
            values[i] = oldValues[j]
        }
    }

    /// The entries, in no particular order.
    func makeIterator() -> AnyIterator<(key: Key, value: Element)> {
        var i = 0
        let keys = keys, values = values
        return AnyIterator {
            while i < keys.count {
                defer { i += 1 }
                if let k = keys[i], let v = values[i] { return (k, v) }
            }
            return nil
        }
    }
}
