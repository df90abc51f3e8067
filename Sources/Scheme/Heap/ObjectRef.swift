// A typed view of any headered object.

/// A headered object of the block heap, seen through the address of its header: type, flags,
/// length and slots; slot stores apply the write barrier.
///
/// Valid until the next safe point. The more specific views (`VectorRef`, `StringRef`,
/// `SymbolRef`) are built on it.
struct ObjectRef {
    /// The header word; slot i is at `address + 8 + 8i`.
    let address: UnsafeMutableRawPointer

    /// The object `word` points to, or nil when it is not a headered object.
    @inline(__always) init?(_ word: Word) {
        guard word.isObject else { return nil }
        address = word.address
    }

    /// The object `word` points to if it has type `type`, else nil.
    @inline(__always) init?(_ word: Word, type: ObjectType) {
        guard word.isObject,
              ObjectHeader(bits: word.address.load(as: UInt64.self)).typeByte == type.rawValue else { return nil }
        address = word.address
    }

    /// The object as a word.
    @inline(__always) var word: Word { Word(address: address, tag: Word.objectTag) }

    /// The header.
    @inline(__always) var header: ObjectHeader { ObjectHeader(bits: address.load(as: UInt64.self)) }

    /// The type (nil only for a corrupted header).
    var type: ObjectType? { header.type }

    /// The flags byte.
    var flags: UInt8 {
        get { header.flags }
        nonmutating set {
            let h = header.bits & ~(0xFF << 8) | UInt64(newValue) << 8
            address.storeBytes(of: h, as: UInt64.self)
        }
    }

    /// The length from the header (slots, bytes or characters, by type).
    @inline(__always) var length: Int { header.length }

    /// Slot `i`; the caller checked `i` against the object's slot count.
    @inline(__always) func slot(_ i: Int) -> Word {
        Word(bits: address.load(fromByteOffset: 8 + 8 * i, as: UInt64.self))
    }

    /// Stores `value` in slot `i` with the write barrier; the caller checked `i`.
    @inline(__always) func setSlot(_ i: Int, _ value: Word) {
        let slot = address + 8 + 8 * i
        slot.storeBytes(of: value.bits, as: UInt64.self)
        if value.isPointer { Block.recordStore(object: address, slot: slot) }
    }

    /// The payload bytes after the header (bytevectors, string storage).
    @inline(__always) var bytes: UnsafeMutableRawPointer { address + 8 }
}
