// A typed view of a symbol.

/// A symbol of the block heap: header · name (an immutable string) · hash (a fixnum). Symbols are
/// made only by `BlockHeap.intern`, so two symbols with the same name are the same word.
struct SymbolRef {
    /// The symbol as an object.
    let object: ObjectRef

    /// The symbol `word` points to, or nil when it is not a symbol.
    @inline(__always) init?(_ word: Word) {
        guard let o = ObjectRef(word, type: .symbol) else { return nil }
        object = o
    }

    /// The symbol as a word.
    var word: Word { object.word }

    /// The name, as a string object.
    var name: StringRef { StringRef(object.slot(0)).unsafelyUnwrapped }

    /// The hash of the name (the intern table's).
    var hash: Int { object.slot(1).fixnum }
}
