/// A captured continuation: copies of the stacks above its run's base, and the registers to resume.
/// Resuming it rebases the copies onto the current run (see `VM.resume`).
final class Continuation: Procedure {
    let values: [Value]
    let frames: [CallFrame]
    let closure: Closure?
    let pc: UnsafeMutablePointer<Int32>
    let fp: Int
    let stackBase: Int
    let frameBase: Int
    /// The serial number of the run it was captured in (`VM.runs`).
    let runSerial: Int

    init(values: [Value], frames: [CallFrame], closure: Closure?, pc: UnsafeMutablePointer<Int32>,
         fp: Int, stackBase: Int, frameBase: Int, runSerial: Int) {
        self.values = values
        self.frames = frames
        self.closure = closure
        self.pc = pc
        self.fp = fp
        self.stackBase = stackBase
        self.frameBase = frameBase
        self.runSerial = runSerial
        super.init(kind: .continuation)
    }

    override func trace(_ marker: inout Marker) {
        for v in values { marker.mark(v) }
        for f in frames { if let c = f.closure { marker.markRun(c.run) } }
        if let closure { marker.markRun(closure.run) }
    }
    public override var byteSize: Int { 96 + values.count * 16 + frames.count * 24 }
    public override var name: String { "continuation" }
    override var hasWriteBarrier: Bool { true }  // (never changed)
}
