/// A compiled lambda with the values it captured (a flat closure), in pair cells (`CellRun`):
/// the code block in slot 0, captured value `i` in slot `i + 1`.
///
/// Why cells and not a Swift object (issue 17): after pairs, closures are what the VM makes most,
/// and a Swift object was a malloc, a slot in the heap's object array, a sweep and a free each
/// (half of bench/closures.scm's time). A closure is never stored into after it is made (`set!` of
/// a captured variable goes to a box), so it needs no write barrier.
public struct Closure: Hashable, BitwiseCopyable {
    /// The cells.
    let run: CellRun

    @inline(__always) init(_ run: CellRun) { self.run = run }

    /// A closure of `code` over `captured`, from `heap`'s pair space (allocation never collects).
    @inline(__always)
    static func make(code: Unmanaged<CodeBlock>, captured: UnsafeBufferPointer<Value>, in heap: Heap) -> Closure {
        Closure(CellRun.make(head: .object(unsafeBitCast(code, to: Unmanaged<HeapObject>.self)), count: captured.count,
                             in: heap) { captured[$0] })
    }

    /// The compiled body, unretained (the heap owns every code block, and marking the closure
    /// marks it).
    @inline(__always) var codeRef: Unmanaged<CodeBlock> { Unmanaged.fromOpaque(run.headObject) }

    /// The compiled body.
    var code: CodeBlock { codeRef.takeUnretainedValue() }

    /// Captured value `i` (an index the compiler took from this closure's lambda).
    @inline(__always) func captured(_ i: Int) -> Value { run.value(i) }

    /// The name shown in backtraces and `write`.
    var name: String { code.name }

    /// The address, for identity-keyed tables.
    @inline(__always) func toOpaque() -> UnsafeMutableRawPointer { run.cell }
}
