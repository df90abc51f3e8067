// A typed view of a vector (or weak vector).

/// A vector of the block heap: `count` slots after the header; stores apply the write barrier.
/// Also views weak vectors, whose slots the collector clears when their object dies.
struct VectorRef {
    /// The vector as an object.
    let object: ObjectRef

    /// The vector `word` points to, or nil when it is not a vector (or, with `weak`, a weak vector).
    @inline(__always) init?(_ word: Word, weak: Bool = false) {
        guard let o = ObjectRef(word, type: weak ? .weakVector : .vector) else { return nil }
        object = o
    }

    /// The vector as a word.
    var word: Word { object.word }

    /// Number of elements.
    @inline(__always) var count: Int { object.length }

    /// Element `i`, or nil when `i` is out of range.
    @inline(__always) func element(_ i: Int) -> Word? {
        guard i >= 0, i < count else { return nil }
        return object.slot(i)
    }

    /// Stores `value` at `i` (with the barrier); false when `i` is out of range.
    @discardableResult
    @inline(__always) func setElement(_ i: Int, _ value: Word) -> Bool {
        guard i >= 0, i < count else { return false }
        object.setSlot(i, value)
        return true
    }

    /// Stores `value` in every slot (`vector-fill!`), each with the barrier.
    func fill(_ value: Word) {
        for i in 0..<count { object.setSlot(i, value) }
    }
}
