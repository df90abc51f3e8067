// The block heap's marker: an explicit worklist, never recursion on the Swift stack.

/// A Swift object the heap holds through an opaque cell and that itself holds words: the
/// collector asks it for them. One that stores a word after its cell became old must tell the heap
/// (`BlockHeap.remember`), so a minor collection asks it again.
protocol WordTraceable: AnyObject {
    /// Hands every word the object holds to `marker.mark`.
    func trace(_ marker: inout HeapMarker)
}

/// Marks what is reachable from the words it is given.
///
/// Why a worklist that follows `cdr` chains in a loop: a list of 10^6 pairs (or a 10^6-deep `car`
/// nesting) must not recurse on the Swift stack; following the `cdr` in place keeps the worklist
/// short for lists, pushing only the `car`s that are pointers. Marking stops at an object already
/// marked: in a major collection it was reached before, in a minor one it is old (sticky mark
/// bits), and whatever young object an old one points to is found through its dirty card.
struct HeapMarker {
    private var stack: [Word] = []
    /// Bytes of the cells marked so far (the survivors' size).
    private(set) var markedBytes = 0
    /// Handle-table slots of the opaque cells marked so far, for the heap to trace their objects.
    var foundOpaque: [Int] = []

    init() { stack.reserveCapacity(1024) }

    /// Marks `word` and what it reaches (when the marker drains); non-pointers are ignored.
    @inline(__always) mutating func mark(_ word: Word) {
        if word.isPointer { stack.append(word) }
    }

    /// Whether nothing is left to mark.
    var isEmpty: Bool { stack.isEmpty }

    /// Marks everything reachable from the words pushed so far.
    mutating func drain() {
        while let w = stack.popLast() {
            var v = w.bits
            // Follow the cdr chain in place.
            while v & 7 == Word.pairTag {
                let p = UnsafeMutableRawPointer(bitPattern: UInt(v &- Word.pairTag)).unsafelyUnwrapped
                guard Block.setMark(p, shift: 4) else { break }
                markedBytes &+= 16
                let car = Word(bits: p.load(as: UInt64.self))
                if car.isPointer { stack.append(car) }
                v = p.load(fromByteOffset: 8, as: UInt64.self)
            }
            switch v & 7 {
            case Word.objectTag:
                markObject(Word(bits: v).address)
            case Word.flonumTag:
                if Block.setMark(Word(bits: v).address, shift: 3) { markedBytes &+= 8 }
            default:
                break
            }
        }
    }

    /// Sets the mark of the object whose header is at `a`; if it was clear, pushes its fields.
    @inline(__always) private mutating func markObject(_ a: UnsafeMutableRawPointer) {
        let b = Block(containing: a)
        if b.kind == .large {
            if b.largeMark { return }
            b.largeMark = true
            markedBytes &+= b.bytes
        } else {
            guard Block.setMark(a, shift: 4) else { return }
            markedBytes &+= b.cellSize
        }
        pushFields(of: a)
    }

    /// Pushes the words the object at `a` holds, by its type's scan rule.
    mutating func pushFields(of a: UnsafeMutableRawPointer) {
        pushFields(of: a, slots: 0..<Int.max)
    }

    /// Pushes the words of the object at `a` whose slot index lies in `range` (a large object's
    /// dirty card covers only some of its slots).
    mutating func pushFields(of a: UnsafeMutableRawPointer, slots range: Range<Int>) {
        let scanned = HeapMarker.scannedSlots(of: a)
        if scanned.isEmpty, a.load(as: UInt8.self) == ObjectType.opaque.rawValue {
            let slot = Word(bits: a.load(fromByteOffset: 8, as: UInt64.self))
            if slot.isFixnum { foundOpaque.append(slot.fixnum) }
            return
        }
        var i = max(scanned.lowerBound, range.lowerBound)
        let hi = min(scanned.upperBound, range.upperBound)
        while i < hi {
            let w = Word(bits: a.load(fromByteOffset: 8 + 8 * i, as: UInt64.self))
            if w.isPointer { stack.append(w) }
            i += 1
        }
    }

    /// The slots of the object at `a` that its type's scan rule follows (from the scan table).
    @inline(__always) static func scannedSlots(of a: UnsafeMutableRawPointer) -> Range<Int> {
        let header = ObjectHeader(bits: a.load(as: UInt64.self))
        let entry = ObjectType.scanTable[Int(header.typeByte)]
        switch entry.kind {
        case 1:
            return 0..<header.length
        case 2:
            return 0..<entry.count
        case 3:
            // Slot 0 counts the followed slots after it; a count past the object is clamped.
            let k = Word(bits: a.load(fromByteOffset: 8, as: UInt64.self))
            return 1..<(k.isFixnum ? 1 + max(0, min(k.fixnum, header.length - 1)) : 1)
        default:
            return 0..<0
        }
    }

    /// Pushes the car and cdr of the pair cell at `p` (an old pair in a dirty card).
    @inline(__always) mutating func pushPair(_ p: UnsafeMutableRawPointer) {
        mark(Word(bits: p.load(as: UInt64.self)))
        mark(Word(bits: p.load(fromByteOffset: 8, as: UInt64.self)))
    }

    /// Whether the object a pointer word points to is marked (live after the marking so far, or
    /// old). Non-pointers count as marked: there is nothing to free.
    static func isMarked(_ w: Word) -> Bool {
        switch w.bits & 7 {
        case Word.pairTag:
            return Block.isMarked(w.address, shift: 4)
        case Word.flonumTag:
            return Block.isMarked(w.address, shift: 3)
        case Word.objectTag:
            let b = Block(containing: w.address)
            return b.kind == .large ? b.largeMark : Block.isMarked(w.address, shift: 4)
        default:
            return true
        }
    }
}
