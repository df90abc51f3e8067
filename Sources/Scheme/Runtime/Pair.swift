/// A mutable pair: the address of a 24-byte cell in one of its heap's pair blocks (`Heap+Pairs.swift`).
///
/// Why a cell and not a Swift object (issue 17): a pair object cost 48 bytes, rounded to 64 by
/// malloc, plus its slot in the heap's object array (72 bytes of RSS a pair), a malloc and a free,
/// and reference counting whenever Swift code held one. A cell is 24 bytes in a block of 10,920,
/// allocated by stepping a cursor over the cells the last collection left free, and a `Pair` is
/// plain bits: copying one never touches a reference count.
///
/// Cell layout (byte offsets): `car` 0–8 and `cdr` 9–17 (a `Value` is 9 bytes: payload and tag,
/// stored unaligned), flags 18 (bit 0: the heap's location table has an entry for this pair; bit 1:
/// old, a collection reached it; bit 2: in the remembered set; bit 3: a leaf, whose fields are
/// bytes, not values; bit 4: the head of a string or a bytevector), 19 a `CellRun`'s cell count, the mark 20–23 (the
/// collection epoch in which the pair was last reached, or the heap's `youngMark` for a pair made
/// since the last collection: a cell is in use iff its mark is one of the two, see `Heap.collect`).
///
/// A `Pair` is valid while its cell is in use; Swift code holding one across a call that can
/// collect follows the heap's rule for every value (see `Heap`: what exists when Swift calls into
/// the VM survives that call).
public struct Pair: Hashable, BitwiseCopyable {
    /// The cell's address.
    let cell: UnsafeMutableRawPointer

    @inline(__always) init(cell: UnsafeMutableRawPointer) { self.cell = cell }

    /// The first field.
    @inline(__always) public var car: Value {
        get { cell.loadUnaligned(fromByteOffset: Pair.carOffset, as: Value.self) }
        nonmutating set {
            cell.storeBytes(of: newValue, toByteOffset: Pair.carOffset, as: Value.self)
            if flags & Pair.oldFlag != 0 { writeBarrier(newValue) }
        }
    }

    /// The second field.
    @inline(__always) public var cdr: Value {
        get { cell.loadUnaligned(fromByteOffset: Pair.cdrOffset, as: Value.self) }
        nonmutating set {
            cell.storeBytes(of: newValue, toByteOffset: Pair.cdrOffset, as: Value.self)
            if flags & Pair.oldFlag != 0 { writeBarrier(newValue) }
        }
    }

    /// The write barrier: an old pair that now refers to an object may refer to a young one, which
    /// a minor collection, not following old pairs, would not see; the heap remembers the pair
    /// until its next collection (`Heap+Generations.swift`).
    @inline(never) func writeBarrier(_ v: Value) {
        guard flags & Pair.rememberedFlag == 0, v.refersToHeap else { return }
        Heap.owner(of: self).remember(self)
    }

    /// Where the datum this pair starts was read (by the reader, or made by the expander for a macro
    /// use), or `.none`.
    public var location: SourceLocation {
        guard flags & Pair.locatedFlag != 0 else { return .none }
        return Heap.owner(of: self).pairLocation(self)
    }

    /// The address, for identity-keyed tables (the printer's labels, the image writer's sharing).
    @inline(__always) func toOpaque() -> UnsafeMutableRawPointer { cell }

    // MARK: the cell's bookkeeping (the heap's business)

    @inline(__always) var flags: UInt8 {
        get { cell.load(fromByteOffset: Pair.flagsOffset, as: UInt8.self) }
        nonmutating set { cell.storeBytes(of: newValue, toByteOffset: Pair.flagsOffset, as: UInt8.self) }
    }

    @inline(__always) var mark: UInt32 {
        get { cell.load(fromByteOffset: Pair.markOffset, as: UInt32.self) }
        nonmutating set { cell.storeBytes(of: newValue, toByteOffset: Pair.markOffset, as: UInt32.self) }
    }

    static let carOffset = 0
    static let cdrOffset = 9
    static let flagsOffset = 18
    static let markOffset = 20
    /// `flags` bit: the heap's location table holds this pair's source location.
    static let locatedFlag: UInt8 = 1
    /// `flags` bit: a collection reached this pair (stores into it go through the write barrier).
    static let oldFlag: UInt8 = 2
    /// `flags` bit: the pair is in the heap's remembered set.
    static let rememberedFlag: UInt8 = 4
    /// `flags` bit: the cell's fields are bytes, never values (a `ByteRun`'s head or data: a
    /// string's, a bytevector's): the collector marks it without reading them.
    static let leafFlag: UInt8 = 8
    /// `flags` bit, with `leafFlag`: a `ByteRun`'s head cell; marking it marks the run's storage.
    static let bytesHeadFlag: UInt8 = 16
    /// The size of a cell.
    static let cellBytes = 24
}

// A `Value` must fit in 9 bytes and copy as plain bits for the cell layout above; checked by
// `PairCellTests` (MemoryLayout) and by the compiler here.
extension Value: BitwiseCopyable {}
