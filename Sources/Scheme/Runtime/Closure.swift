/// A compiled lambda with the values it captured (a flat closure): the address of a run of
/// adjacent pair cells, two values a cell (like `ValueRun`), holding the code block in slot 0 and
/// captured value `i` in slot `i + 1`.
///
/// Why cells and not a Swift object (issue 17): a closure is the object the VM makes most after
/// pairs, and a Swift object cost a malloc when it was made, a slot in the heap's object array, a
/// sweep and a free when it died (about a third of bench/closures.scm's time). Cells are taken by
/// the pair space's cursor, marked when the closure is reached, and free again, with no sweep,
/// once a collection does not reach it. A closure is never stored into after it is made (`set!`
/// of a captured variable goes to a box), so it needs no write barrier.
///
/// Layout: the head cell's byte 19 (unused by pairs) holds the number of cells, which the
/// collector marks; slot 0 is `.object(code)`. A closure takes at most `ValueRun.longestInCells`
/// cells: one that captures more than `farIndex` values keeps those from `farIndex` on in a vector
/// in its last slot (a lambda with hundreds of free variables; the index decides, so the VM's
/// `captured` needs one compare, never a load, to know where a value is).
public struct Closure: Hashable, BitwiseCopyable {
    /// The head cell's address.
    let cell: UnsafeMutableRawPointer

    @inline(__always) init(cell: UnsafeMutableRawPointer) { self.cell = cell }

    /// Captured values from this index on are in the vector of a far closure's last slot.
    static let farIndex = 2 &* ValueRun.longestInCells &- 2
    /// The head cell's byte that holds the cell count.
    static let cellCountOffset = 19

    /// A closure of `code` over `captured`, from `heap`'s pair space (allocation never collects).
    @inline(__always)
    static func make(code: Unmanaged<CodeBlock>, captured: UnsafeBufferPointer<Value>, in heap: Heap) -> Closure {
        let n = captured.count
        if n > farIndex { return makeFar(code: code, captured: captured, in: heap) }
        let base = run(slots: n &+ 1, heap)
        base.storeBytes(of: Value.object(unsafeBitCast(code, to: Unmanaged<HeapObject>.self)), as: Value.self)
        for i in 0..<n { base.storeBytes(of: captured[i], toByteOffset: ValueRun.offset(i &+ 1), as: Value.self) }
        return Closure(cell: base)
    }

    /// A closure over more than `farIndex` values (out of line: rare).
    @inline(never)
    static func makeFar(code: Unmanaged<CodeBlock>, captured: UnsafeBufferPointer<Value>, in heap: Heap) -> Closure {
        let rest = heap.own(SVector(Array(captured[farIndex...])))
        let base = run(slots: farIndex &+ 2, heap)
        base.storeBytes(of: Value.object(unsafeBitCast(code, to: Unmanaged<HeapObject>.self)), as: Value.self)
        for i in 0..<farIndex { base.storeBytes(of: captured[i], toByteOffset: ValueRun.offset(i &+ 1), as: Value.self) }
        base.storeBytes(of: Value.vector(Unmanaged.passUnretained(rest)), toByteOffset: ValueRun.offset(farIndex &+ 1), as: Value.self)
        return Closure(cell: base)
    }

    /// Cells for `slots` values (at most `2 * ValueRun.longestInCells`), the count in the head, an
    /// odd run's last cdr set (the collector follows both fields of every cell).
    @inline(__always) private static func run(slots: Int, _ heap: Heap) -> UnsafeMutableRawPointer {
        let cells = ValueRun.cells(slots)
        let base = cells == 1 ? heap.cell(.null, .null).cell : heap.pairCellRun(cells)
        if slots & 1 == 1 { base.storeBytes(of: Value.null, toByteOffset: ValueRun.offset(slots), as: Value.self) }
        base.storeBytes(of: UInt8(truncatingIfNeeded: cells), toByteOffset: cellCountOffset, as: UInt8.self)
        return base
    }

    /// The compiled body, unretained (the heap owns every code block, and marking the closure
    /// marks it). Read as the payload of slot 0's `.object` without testing the tag: `make` is
    /// the only writer (`ClosureTests` checks the layout this relies on).
    @inline(__always) var codeRef: Unmanaged<CodeBlock> {
        Unmanaged.fromOpaque(cell.load(as: UnsafeRawPointer.self))
    }

    /// The compiled body.
    var code: CodeBlock { codeRef.takeUnretainedValue() }

    /// Captured value `i` (an index the compiler took from this closure's lambda).
    @inline(__always) func captured(_ i: Int) -> Value {
        if i < Closure.farIndex { return cell.loadUnaligned(fromByteOffset: ValueRun.offset(i &+ 1), as: Value.self) }
        return capturedFar(i)
    }

    @inline(never) private func capturedFar(_ i: Int) -> Value {
        guard case .vector(let v) = cell.loadUnaligned(fromByteOffset: ValueRun.offset(Closure.farIndex &+ 1), as: Value.self)
        else { return .undefined }
        return v._withUnsafeGuaranteedRef { $0.items[i &- Closure.farIndex] }
    }

    /// The cells the closure takes.
    @inline(__always) var cellCount: Int { Int(cell.load(fromByteOffset: Closure.cellCountOffset, as: UInt8.self)) }

    /// The name shown in backtraces and `write`.
    var name: String { code.name }

    /// The address, for identity-keyed tables.
    @inline(__always) func toOpaque() -> UnsafeMutableRawPointer { cell }
}
