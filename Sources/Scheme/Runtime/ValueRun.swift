#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed number of values an object holds (a closure's captured values, a record's fields), laid
/// out as adjacent pair cells, two values a cell: value `i` is the car (`i` even) or the cdr (`i`
/// odd) of cell `i / 2`.
///
/// Why cells (issue 17): a buffer from malloc was a malloc when the object was made and a free
/// when it died. Cells come from the heap's pair space: the cursor steps over them, the collector
/// marks them when it traces their object (`trace`), and they are free again, with no sweep, once a
/// collection finds the object dead. A store into an old cell goes through the cell's write barrier
/// (`Pair`'s setters), so the object needs none of its own for these values.
///
/// A run longer than `longestInCells` cells (a record of thousands of fields) is malloc'd instead,
/// with the same layout: its cells are never marked (`trace` marks their values one by one), never
/// old, and a store into it must call the owner's write barrier (`store` says so).
struct ValueRun {
    /// The first cell.
    let base: UnsafeMutableRawPointer
    /// How many values.
    let count: Int
    /// Whether the cells are the heap's (else malloc'd, to free with the owner).
    let inCells: Bool

    /// The most cells a run takes from the pair space: a fiftieth of a block.
    static let longestInCells = 218

    /// Room for `count` values (their fields unset: the owner initialises every one before anything
    /// can collect), from `heap`'s pair space.
    @inline(__always)
    init(count: Int, in heap: Heap) {
        self.count = count
        let cells = ValueRun.cells(count)
        if count == 0 {
            base = ValueRun.empty
            inCells = false
        } else if cells <= ValueRun.longestInCells {
            base = cells == 1 ? heap.cell(.null, .null).cell : heap.pairCellRun(cells)
            inCells = true
            // The collector follows both fields of every cell: an odd run's last cdr is set too.
            if count & 1 == 1 { base.storeBytes(of: Value.null, toByteOffset: ValueRun.offset(count), as: Value.self) }
        } else {
            // (`count` came from an object of that many values already in memory: no overflow.)
            guard let raw = calloc(cells, Pair.cellBytes) else { fatalError("out of memory for \(count) values") }
            base = raw
            inCells = false
        }
    }

    /// The cells `count` values take, two a cell.
    @inline(__always) static func cells(_ count: Int) -> Int { (count &+ 1) >> 1 }

    /// The storage of every empty run: never read or written (no index is below 0), never freed.
    private static let empty = UnsafeMutableRawPointer.allocate(byteCount: Pair.cellBytes, alignment: 8)

    /// Where value `i` is.
    @inline(__always) static func offset(_ i: Int) -> Int {
        (i >> 1) &* Pair.cellBytes &+ (i & 1) &* Pair.cdrOffset
    }

    /// Value `i` (below `count`).
    @inline(__always) subscript(i: Int) -> Value {
        base.loadUnaligned(fromByteOffset: ValueRun.offset(i), as: Value.self)
    }

    /// Sets value `i` of a run just made, before anything can collect (no write barrier).
    @inline(__always) func initialize(_ i: Int, to v: Value) {
        base.storeBytes(of: v, toByteOffset: ValueRun.offset(i), as: Value.self)
    }

    /// Stores `v` as value `i` through the cell's write barrier; true when the run is malloc'd and
    /// the owner must apply its own (`Heap.written`).
    @inline(__always) func store(_ i: Int, _ v: Value) -> Bool {
        let cell = Pair(cell: base + (i >> 1) &* Pair.cellBytes)
        if i & 1 == 0 { cell.car = v } else { cell.cdr = v }
        return !inCells
    }

    /// Marks the values (the cells' collector follows their fields).
    func trace(_ marker: inout Marker) {
        if inCells {
            var cell = base
            for _ in 0..<ValueRun.cells(count) {
                marker.markPair(Pair(cell: cell))
                cell += Pair.cellBytes
            }
        } else {
            for i in 0..<count { marker.mark(self[i]) }
        }
    }

    /// Frees a malloc'd run (from the owner's `deinit`); the heap's cells need nothing.
    func release() {
        if !inCells && count > 0 { free(base) }
    }

    /// Bytes malloc'd for the run (the heap counts its cells as pairs).
    var mallocBytes: Int { inCells ? 0 : ValueRun.cells(count) &* Pair.cellBytes }
}
