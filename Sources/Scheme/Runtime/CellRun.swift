/// An object laid out in adjacent pair cells, two values a cell (value `k` is the car, `k` even,
/// or the cdr, `k` odd, of cell `k / 2`): slot 0 holds its head (a closure's code block, a
/// record's type, a vector's length), slots 1… its values; the head cell's byte 19, unused by
/// pairs, holds the number of cells. `Closure`, `Record` and `SVector` are this layout.
///
/// Why cells (issue 17): a Swift object cost a malloc when it was made, a slot in the heap's
/// object array, a sweep and a free when it died, and a buffer of values one more malloc and free.
/// Cells are taken by the pair space's cursor (`Heap.pairCellRun`, which skips cells in use, as
/// `cons` does), marked together when the object is reached (`Marker.markRun`: the head's mark
/// stands for all of them), and free again, with no sweep, once a collection does not reach it. A
/// store into an old cell goes through the cell's write barrier (`Pair`'s setters).
///
/// A run takes at most `longestInCells` cells: an object of more than `farIndex` values keeps
/// those from `farIndex` on in a `ValueStorage` in its last slot. The index decides where a value
/// is, so reading one costs a compare, never a load, to know it. (A long vector keeps all its
/// elements in one `ValueStorage` instead: see `SVector`.)
struct CellRun: Hashable, BitwiseCopyable {
    /// The head cell's address.
    let cell: UnsafeMutableRawPointer

    @inline(__always) init(cell: UnsafeMutableRawPointer) { self.cell = cell }

    /// The most cells a run takes from the pair space: a fiftieth of a block.
    static let longestInCells = 218
    /// Values from this index on are in the storage of a long object's last slot.
    static let farIndex = 2 &* longestInCells &- 2
    /// The head cell's byte that holds the cell count.
    static let cellCountOffset = 19

    /// The cells `slots` slots take, two a cell.
    @inline(__always) static func cells(_ slots: Int) -> Int { (slots &+ 1) >> 1 }

    /// Where slot `k` is.
    @inline(__always) static func offset(_ k: Int) -> Int {
        (k >> 1) &* Pair.cellBytes &+ (k & 1) &* Pair.cdrOffset
    }

    /// An object of `head` and `count` values, value `i` being `value(i)`, from `heap`'s pair
    /// space (allocation never collects, so the values need no rooting while it is made).
    @inline(__always)
    static func make(head: Value, count: Int, in heap: Heap, _ value: (Int) -> Value) -> CellRun {
        if count > farIndex { return makeLong(head: head, count: count, in: heap, value) }
        let run = cells(slots: count &+ 1, heap)
        run.initializeSlot(0, to: head)
        for i in 0..<count { run.initializeSlot(i &+ 1, to: value(i)) }
        return run
    }

    /// `make` of more than `farIndex` values (out of line: rare).
    @inline(never)
    private static func makeLong(head: Value, count: Int, in heap: Heap, _ value: (Int) -> Value) -> CellRun {
        let rest = heap.own(ValueStorage(count: count &- farIndex) { value(farIndex &+ $0) })
        let run = cells(slots: farIndex &+ 2, heap)
        run.initializeSlot(0, to: head)
        for i in 0..<farIndex { run.initializeSlot(i &+ 1, to: value(i)) }
        run.initializeSlot(farIndex &+ 1, to: .object(Unmanaged.passUnretained(rest)))
        return run
    }

    /// Cells for `slots` slots (at most `2 * longestInCells`), the count in the head, an odd run's
    /// last cdr set (the collector follows both fields of every cell).
    @inline(__always) private static func cells(slots: Int, _ heap: Heap) -> CellRun {
        let n = cells(slots)
        let base = n == 1 ? heap.cell(.null, .null).cell : heap.pairCellRun(n)
        if slots & 1 == 1 { base.storeBytes(of: Value.null, toByteOffset: offset(slots), as: Value.self) }
        base.storeBytes(of: UInt8(truncatingIfNeeded: n), toByteOffset: cellCountOffset, as: UInt8.self)
        return CellRun(cell: base)
    }

    /// The object in slot 0, unretained, read as the payload of its `.object` without testing the
    /// tag: only `make` writes slot 0 (`ClosureTests` checks the layout this relies on).
    @inline(__always) var headObject: UnsafeRawPointer { cell.load(as: UnsafeRawPointer.self) }

    /// Value `i`.
    @inline(__always) func value(_ i: Int) -> Value {
        if i < CellRun.farIndex { return cell.loadUnaligned(fromByteOffset: CellRun.offset(i &+ 1), as: Value.self) }
        return farValue(i)
    }

    @inline(never) private func farValue(_ i: Int) -> Value {
        guard let v = farStorage, i &- CellRun.farIndex < v.count else { return .undefined }
        return v[i &- CellRun.farIndex]
    }

    /// The storage of a long object's values from `farIndex` on (nil for a short object).
    private var farStorage: ValueStorage? {
        guard cellCount == CellRun.longestInCells,
              case .object(let o) = cell.loadUnaligned(fromByteOffset: CellRun.offset(CellRun.farIndex &+ 1), as: Value.self)
        else { return nil }
        return o.takeUnretainedValue() as? ValueStorage
    }

    /// Stores `v` as value `i` through the write barrier (the cell's, or the storage's).
    @inline(__always) func store(_ i: Int, _ v: Value, _ heap: Heap) {
        if i < CellRun.farIndex {
            let k = i &+ 1, p = Pair(cell: cell + (k >> 1) &* Pair.cellBytes)
            if k & 1 == 0 { p.car = v } else { p.cdr = v }
        } else {
            farStorage?.set(i &- CellRun.farIndex, v, heap)
        }
    }

    /// Sets slot `k` of a run just made, before anything can collect (no write barrier).
    @inline(__always) func initializeSlot(_ k: Int, to v: Value) {
        cell.storeBytes(of: v, toByteOffset: CellRun.offset(k), as: Value.self)
    }

    /// The cells the object takes.
    @inline(__always) var cellCount: Int { Int(cell.load(fromByteOffset: CellRun.cellCountOffset, as: UInt8.self)) }
}
