// A typed view of a pair cell.

/// A pair of the block heap, seen through its cell's address: getters load, setters store and
/// apply the write barrier, so no caller can forget it.
///
/// Valid until the next safe point (a collection may free the pair if nothing roots it).
struct PairRef {
    /// The cell: car at offset 0, cdr at 8.
    let address: UnsafeMutableRawPointer

    /// The pair `word` points to, or nil when it is not a pair.
    @inline(__always) init?(_ word: Word) {
        guard word.isPair else { return nil }
        address = word.address
    }

    /// The pair as a word.
    @inline(__always) var word: Word { Word(address: address, tag: Word.pairTag) }

    /// The car.
    @inline(__always) var car: Word {
        get { Word(bits: address.load(as: UInt64.self)) }
        nonmutating set {
            address.storeBytes(of: newValue.bits, as: UInt64.self)
            if newValue.isPointer { Block.recordStore(object: address, slot: address) }
        }
    }

    /// The cdr.
    @inline(__always) var cdr: Word {
        get { Word(bits: address.load(fromByteOffset: 8, as: UInt64.self)) }
        nonmutating set {
            address.storeBytes(of: newValue.bits, toByteOffset: 8, as: UInt64.self)
            if newValue.isPointer { Block.recordStore(object: address, slot: address + 8) }
        }
    }
}
