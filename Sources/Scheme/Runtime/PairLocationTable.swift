/// The source locations of pairs made from source, keyed by cell address (see `Heap.locate`).
///
/// Why not a `Dictionary`: the reader locates every pair it makes, and a dictionary insertion
/// (hashing the key with SipHash, uniqueness and capacity checks, possible resizing of two arrays)
/// cost about 1,000 instructions a pair, most of reading a large layout (issue 19). Here a key is
/// a cell address: open addressing with linear probing over two raw buffers, a multiplicative
/// hash, no deletion (dead pairs' entries go when `retain` rebuilds the table).
final class PairLocationTable {
    /// Cell addresses; 0 is an empty slot (no cell is at address 0).
    private var keys: UnsafeMutablePointer<UInt>
    /// Packed `SourceLocation`s, beside their keys.
    private var values: UnsafeMutablePointer<UInt64>
    /// Slots, a power of two.
    private var capacity: Int
    /// Entries held.
    private(set) var count = 0

    init(capacity: Int = 1024) {
        var n = 16
        while n < capacity { n <<= 1 }
        self.capacity = n
        keys = .allocate(capacity: n)
        keys.initialize(repeating: 0, count: n)
        values = .allocate(capacity: n)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    /// The first slot to probe for `key` (Fibonacci hashing: cells are 24 bytes apart, so the low
    /// bits alone would crowd).
    @inline(__always) private func slot(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity - 1)
    }

    /// Records `location` for the cell at `cell`, replacing what it had.
    func set(_ cell: UnsafeMutableRawPointer, _ location: SourceLocation) {
        if (count + 1) * 4 > capacity * 3 { rebuild(capacity: capacity * 2) { _ in true } }
        let key = UInt(bitPattern: cell)
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { values[i] = location.packed; return }
            if k == 0 {
                keys[i] = key
                values[i] = location.packed
                count += 1
                return
            }
            i = (i + 1) & (capacity - 1)
        }
    }

    /// The location recorded for the cell at `cell`, if any.
    func get(_ cell: UnsafeMutableRawPointer) -> SourceLocation? {
        let key = UInt(bitPattern: cell)
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { return SourceLocation(packed: values[i]) }
            if k == 0 { return nil }
            i = (i + 1) & (capacity - 1)
        }
    }

    /// Keeps only the entries whose cell satisfies `keep`, in a table sized for them.
    func retain(where keep: (UnsafeMutableRawPointer) -> Bool) {
        var live = 0
        for i in 0..<capacity where keys[i] != 0 {
            if let cell = UnsafeMutableRawPointer(bitPattern: keys[i]), keep(cell) { live += 1 } else { keys[i] = 1 }
        }
        // Slots set to 1 above are dropped by the rebuild (1 is no cell's address either).
        rebuild(capacity: max(1024, live * 2)) { $0 != 1 }
    }

    /// Moves the entries whose key passes `include` into new buffers of `capacity` slots.
    private func rebuild(capacity newCapacity: Int, including include: (UInt) -> Bool) {
        let oldKeys = keys, oldValues = values, oldCapacity = capacity
        var n = 16
        while n < newCapacity { n <<= 1 }
        capacity = n
        keys = .allocate(capacity: n)
        keys.initialize(repeating: 0, count: n)
        values = .allocate(capacity: n)
        count = 0
        for i in 0..<oldCapacity where oldKeys[i] != 0 && include(oldKeys[i]) {
            var j = slot(oldKeys[i])
            while keys[j] != 0 { j = (j + 1) & (n - 1) }
            keys[j] = oldKeys[i]
            values[j] = oldValues[i]
            count += 1
        }
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}
