// A typed view of a string: a string object and its storage.

/// A string of the block heap: a string object (header: character count; flags: immutable) whose
/// one slot is its storage (header: byte count; flags: wide), Latin-1 bytes or UTF-32 scalars.
///
/// Why two objects: storing a character above U+00FF into a narrow string replaces its storage
/// with a wide one (widening) without changing the string's identity, and `string-ref` stays O(1).
struct StringRef {
    /// The string object.
    let object: ObjectRef

    /// Flag of the string object: literals and symbol names cannot be changed.
    static let immutableFlag: UInt8 = 1
    /// Flag of the storage: 4 bytes per character.
    static let wideFlag: UInt8 = 1

    /// The string `word` points to, or nil when it is not a string.
    @inline(__always) init?(_ word: Word) {
        guard let o = ObjectRef(word, type: .string) else { return nil }
        object = o
    }

    /// The string as a word.
    var word: Word { object.word }

    /// Number of characters.
    var count: Int { object.length }

    /// Whether the string cannot be changed.
    var isImmutable: Bool { object.flags & StringRef.immutableFlag != 0 }

    private var storage: ObjectRef { ObjectRef(object.slot(0)).unsafelyUnwrapped }

    /// Whether the storage holds 4 bytes per character.
    var isWide: Bool { storage.flags & StringRef.wideFlag != 0 }

    /// Character `i`, or nil when `i` is out of range.
    func scalar(_ i: Int) -> Unicode.Scalar? {
        guard i >= 0, i < count else { return nil }
        let s = storage
        if s.flags & StringRef.wideFlag != 0 {
            return Unicode.Scalar(s.bytes.load(fromByteOffset: 4 * i, as: UInt32.self))
        }
        return Unicode.Scalar(s.bytes.load(fromByteOffset: i, as: UInt8.self))
    }

    /// The characters as a Swift string (at the edges: printing, symbol names, host calls).
    var stringValue: String {
        var r = String.UnicodeScalarView()
        for i in 0..<count { if let c = scalar(i) { r.append(c) } }
        return String(r)
    }

    /// Whether the characters are those of `s`.
    func equals(_ s: String) -> Bool {
        var i = 0
        for c in s.unicodeScalars {
            guard i < count, scalar(i) == c else { return false }
            i += 1
        }
        return i == count
    }

    /// Stores `c` at `i` (`string-set!`), widening the storage when `c` needs it; false when `i` is
    /// out of range, the string is immutable or no memory is left for the wide storage.
    func setScalar(_ i: Int, _ c: Unicode.Scalar, heap: BlockHeap) -> Bool {
        guard i >= 0, i < count, !isImmutable else { return false }
        var s = storage
        if s.flags & StringRef.wideFlag == 0 {
            if c.value <= 0xFF {
                s.bytes.storeBytes(of: UInt8(c.value), toByteOffset: i, as: UInt8.self)
                return true
            }
            // Widen: a new storage, then the store into the (possibly old) string with the barrier.
            guard let wide = heap.makeStorage(count: count, wide: true) else { return false }
            let w = ObjectRef(wide).unsafelyUnwrapped
            for j in 0..<count {
                w.bytes.storeBytes(of: UInt32(s.bytes.load(fromByteOffset: j, as: UInt8.self)),
                                   toByteOffset: 4 * j, as: UInt32.self)
            }
            object.setSlot(0, wide)
            s = w
        }
        s.bytes.storeBytes(of: c.value, toByteOffset: 4 * i, as: UInt32.self)
        return true
    }
}
