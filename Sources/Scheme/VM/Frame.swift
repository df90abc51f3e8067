/// A suspended caller: where to resume and whose locals to use.
struct Frame {
    /// The caller's closure (nil for the sentinel frame a run pushes, which resumes at `halt`).
    var closure: Unmanaged<Closure>?
    /// The instruction to resume at.
    var pc: UnsafeMutablePointer<Int32>
    /// The caller's frame pointer (index of its first argument on the value stack).
    var fp: Int
}

/// The VM's registers, kept in locals inside the dispatch loop and passed `inout` to helpers.
struct Registers {
    var pc: UnsafeMutablePointer<Int32>
    var fp: Int
    var sp: Int
    var closure: Unmanaged<Closure>?
    var constants: UnsafeMutablePointer<Value>
    var stack: UnsafeMutablePointer<Value>
}

/// A captured continuation: copies of the stacks above its run's base, and the registers to resume.
/// Resuming it rebases the copies onto the current run (see `VM.resume`).
public final class Continuation: Procedure {
    let values: [Value]
    let frames: [Frame]
    let closure: Unmanaged<Closure>?
    let pc: UnsafeMutablePointer<Int32>
    let fp: Int
    let stackBase: Int
    let frameBase: Int

    init(values: [Value], frames: [Frame], closure: Unmanaged<Closure>?, pc: UnsafeMutablePointer<Int32>,
         fp: Int, stackBase: Int, frameBase: Int) {
        self.values = values
        self.frames = frames
        self.closure = closure
        self.pc = pc
        self.fp = fp
        self.stackBase = stackBase
        self.frameBase = frameBase
        super.init(kind: .continuation)
    }

    public override func trace(_ marker: inout Marker) {
        for v in values { marker.mark(v) }
        for f in frames { if let c = f.closure { marker.markObject(c.takeUnretainedValue()) } }
        if let closure { marker.markObject(closure.takeUnretainedValue()) }
    }
    public override var byteSize: Int { 96 + values.count * 16 + frames.count * 24 }
    public override var name: String { "continuation" }
}
