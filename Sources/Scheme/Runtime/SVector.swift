/// A vector, in pair cells (`CellRun`): its length as a fixnum in slot 0, element `i` in slot
/// `i + 1`; a vector longer than `CellRun.farIndex` keeps its elements in a `ValueStorage` (one
/// buffer) in slot 1.
///
/// Why cells (issue 17): a vector as a Swift object was a malloc for the object, another for its
/// array (and the array's metadata lookup), a slot in the heap's object array, a sweep, two frees
/// and the releases on the way: about 150 ns a three-element vector, against 8 ns a pair. Stores go
/// through `set`/`store`: the write barrier of the element's cell, or the storage's.
public struct SVector: Hashable, BitwiseCopyable {
    /// The cells.
    let run: CellRun

    @inline(__always) init(_ run: CellRun) { self.run = run }

    /// A vector of `count` elements, element `i` being `value(i)`, from `heap`'s pair space
    /// (allocation never collects).
    @inline(__always)
    static func make(count: Int, in heap: Heap, _ value: (Int) -> Value) -> SVector {
        if count > CellRun.farIndex { return makeLong(count: count, in: heap, value) }
        return SVector(CellRun.make(head: .fixnum(count), count: count, in: heap, value))
    }

    @inline(never) private static func makeLong(count: Int, in heap: Heap, _ value: (Int) -> Value) -> SVector {
        let storage = heap.own(ValueStorage(count: count, value))
        return SVector(CellRun.make(head: .fixnum(count), count: 1, in: heap) { _ in .object(Unmanaged.passUnretained(storage)) })
    }

    /// The number of elements (slot 0's fixnum, read as its payload: only `make` writes it).
    @inline(__always) public var count: Int { run.cell.load(as: Int.self) }

    /// The storage of a long vector (its count is past `CellRun.farIndex`), unretained: slot 1's
    /// `.object` payload, read without testing the tag (only `make` writes it). Used through
    /// `_withUnsafeGuaranteedRef`: `takeUnretainedValue()` was a retain and a release at every
    /// access, half of Larceny's array1.
    @inline(__always) private var storage: Unmanaged<ValueStorage> {
        Unmanaged.fromOpaque(run.cell.loadUnaligned(fromByteOffset: CellRun.offset(1), as: UnsafeRawPointer.self))
    }

    /// Element `i` (in bounds).
    @inline(__always) public subscript(i: Int) -> Value { value(i, length: count) }

    /// Element `i`, or nil when `i` is out of range.
    @inline(__always) func element(_ i: Int) -> Value? {
        let n = count
        guard i >= 0, i < n else { return nil }
        return value(i, length: n)
    }

    /// Stores `v` at `i` (in bounds), through the write barrier.
    @inline(__always) func set(_ i: Int, _ v: Value, _ heap: Heap) { set(i, v, heap, length: count) }

    /// Stores `v` at `i` if `i` is in bounds (else returns false), through the write barrier.
    @inline(__always) func store(_ i: Int, _ v: Value, _ heap: Heap) -> Bool {
        let n = count
        guard i >= 0, i < n else { return false }
        set(i, v, heap, length: n)
        return true
    }

    /// Element `i` of this vector of `n` elements (the length read once by the caller).
    @inline(__always) private func value(_ i: Int, length n: Int) -> Value {
        if n <= CellRun.farIndex { return run.cell.loadUnaligned(fromByteOffset: CellRun.offset(i &+ 1), as: Value.self) }
        return storage._withUnsafeGuaranteedRef { $0[i] }
    }

    /// Stores `v` at `i` of this vector of `n` elements, through the write barrier.
    @inline(__always) private func set(_ i: Int, _ v: Value, _ heap: Heap, length n: Int) {
        if n <= CellRun.farIndex { run.store(i, v, heap) } else { storage._withUnsafeGuaranteedRef { $0.set(i, v, heap) } }
    }

    /// The elements, copied.
    public var items: [Value] { items(0..<count) }

    /// The elements in `range` (within bounds), copied.
    func items(_ range: Range<Int>) -> [Value] { range.map { self[$0] } }

    /// The address, for identity-keyed tables.
    @inline(__always) func toOpaque() -> UnsafeMutableRawPointer { run.cell }
}
