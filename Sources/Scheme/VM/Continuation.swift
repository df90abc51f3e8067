/// A captured continuation: copies of the stacks above its run's base, and the registers to resume.
/// Resuming it rebases the copies onto the current run (see `VM.resume`).
///
/// The copies are in pair cells (`saved`, a `CellRun`): the stack's values, then each frame as
/// four slots (its closure or #f, then its pc, fp and constants as fixnums: the addresses' bits).
/// Why cells (issue 17): two Swift arrays were two mallocs and frees a capture, and `guard`, `raise`
/// and every escaping `call/cc` capture one; the cells are freed with the continuation, no sweep.
final class Continuation: Procedure {
    /// The copies: `valueCount` values, then `frameCount` frames of four slots each.
    let saved: CellRun
    let valueCount: Int
    let frameCount: Int
    let closure: Closure?
    let pc: UnsafeMutablePointer<Int32>
    let fp: Int
    let stackBase: Int
    let frameBase: Int
    /// The serial number of the run it was captured in (`VM.runs`).
    let runSerial: Int

    /// A continuation of the stack `values` and the frames `frames` (copied into `heap`'s cells;
    /// allocation never collects, so nothing needs rooting meanwhile).
    init(values: UnsafeBufferPointer<Value>, frames: UnsafeBufferPointer<CallFrame>, closure: Closure?,
         pc: UnsafeMutablePointer<Int32>, fp: Int, stackBase: Int, frameBase: Int, runSerial: Int, heap: Heap) {
        let n = values.count
        saved = CellRun.make(head: .fixnum(n), count: n &+ 4 &* frames.count, in: heap) { i in
            if i < n { return values[i] }
            let f = frames[(i &- n) >> 2]
            switch (i &- n) & 3 {
            case 0: return f.closure.map { .closure($0) } ?? .false
            case 1: return .fixnum(Int(bitPattern: f.pc))
            case 2: return .fixnum(f.fp)
            default: return .fixnum(Int(bitPattern: f.constants))
            }
        }
        valueCount = n
        frameCount = frames.count
        self.closure = closure
        self.pc = pc
        self.fp = fp
        self.stackBase = stackBase
        self.frameBase = frameBase
        self.runSerial = runSerial
        super.init(kind: .continuation)
    }

    /// Saved value `i` (below `valueCount`).
    @inline(__always) func value(_ i: Int) -> Value { saved.value(i) }

    /// Saved frame `j` (below `frameCount`).
    func frame(_ j: Int) -> CallFrame {
        let k = valueCount &+ 4 &* j
        var closure: Closure?
        if case .closure(let c) = saved.value(k) { closure = c }
        return CallFrame(closure: closure, pc: unsafeBitCast(word(k &+ 1), to: UnsafeMutablePointer<Int32>.self),
                         fp: word(k &+ 2), constants: unsafeBitCast(word(k &+ 3), to: UnsafeMutablePointer<Value>.self))
    }

    /// The fixnum in slot `k` (only `init` writes them).
    private func word(_ k: Int) -> Int {
        if case .fixnum(let w) = saved.value(k) { return w }
        return 0
    }

    override func trace(_ marker: inout Marker) {
        marker.markRun(saved)
        if let closure { marker.markRun(closure.run) }
    }
    public override var byteSize: Int { 96 }
    public override var name: String { "continuation" }
    override var hasWriteBarrier: Bool { true }  // (never changed)
}
