import Synchronization

/// The bytecode interpreter: a value stack and a frame stack, both off the Swift stack, so Scheme
/// recursion depth is bounded by `maxDepth`, not by the host thread.
final class VM {
    unowned(unsafe) let rt: Runtime
    /// `rt` for the builtin calls, passed through `_withUnsafeGuaranteedRef`: reading `rt` for an
    /// argument retains and releases it, and the runtime's reference count is in a side table (a
    /// weak reference to it exists: `CodeImageSource.rt`), where each of them took 15% of
    /// bv2string's time.
    let runtimeRef: Unmanaged<Runtime>
    /// The runtime's heap, cached: the loop checks it at every call.
    unowned(unsafe) let heap: Heap
    /// The heap again, unretained, for the allocating opcodes: a call on `heap` retained and
    /// released it around every `cons` (280,000 pairs of a layout of 10,000 views).
    let heapRef: Unmanaged<Heap>
    @exclusivity(unchecked) var stack: UnsafeMutablePointer<Value>
    @exclusivity(unchecked) var stackCapacity: Int
    @exclusivity(unchecked) var frames: UnsafeMutablePointer<CallFrame>
    @exclusivity(unchecked) var frameCapacity: Int
    @exclusivity(unchecked) var frameTop = 0
    /// The registers while no run is active, or of the innermost suspended run.
    @exclusivity(unchecked) var regs: Registers
    /// Most frames a computation may have before it gets a "recursion too deep" error.
    var maxDepth: Int {
        didSet { frameCeiling = min(frameCapacity, maxDepth) }
    }
    /// `pushFrame` calls `growFrames` at this many frames: the capacity, or `maxDepth` if smaller.
    @exclusivity(unchecked) var frameCeiling = 0
    /// Active runs (nested evaluations), innermost last; `serial` tells a run from later ones
    /// started at the same depth (a continuation remembers its run's, see `Unwinding`).
    @exclusivity(unchecked) var runs: [(stackBase: Int, frameBase: Int, serial: Int)] = []
    /// The serial number of the last run started.
    var lastRunSerial = 0
    /// A jump out of nested runs under way (see `VM+Unwinding.swift`), nil otherwise.
    @exclusivity(unchecked) var unwinding: Unwinding?
    /// The builtin behind each inlined opcode, by raw value (see `VM+Inline`): bound once, when the
    /// builtins are installed, so redefining the global later changes nothing compiled before.
    @exclusivity(unchecked) var inlinedBuiltins: [BuiltinProcedure?] = Array(repeating: nil, count: Int(Opcode.count))
    /// Value stacks replaced while a builtin's arguments pointed into them (see `growStack`).
    var retiredStacks: [(UnsafeMutablePointer<Value>, Int)] = []
    /// Instructions executed; checked against `stepLimit` at safe points.
    @exclusivity(unchecked) var steps = 0
    /// When safe points look at the limits next: `stepBudget`, or sooner to read the clock.
    @exclusivity(unchecked) var stepLimit = Int.max
    /// The step limit proper (`Limits.steps`).
    var stepBudget = Int.max
    /// `DispatchTime` uptime in nanoseconds past which a safe point raises "time limit exceeded"
    /// (0: none); read every `clockInterval` steps, so the hot path tests `stepLimit` only. Often,
    /// because one step may be a builtin walking a million-element list (reading the clock costs
    /// about as much as a couple of steps).
    var deadline: UInt64 = 0
    static let clockInterval = 100
    /// The limit the current evaluation reached (see `VM+Limits.swift`): set, it is never cleared
    /// until the evaluation has returned to the host, and every safe point throws it again.
    var aborting: SchemeError?
    /// A limit reached where no error could be thrown (a long builtin, bignum arithmetic): the next
    /// safe point turns it into `aborting`.
    @exclusivity(unchecked) var pendingLimit: String?
    /// Whether an evaluation with limits is under way (nested evaluations share its limits).
    var limitsActive = false
    /// Where an error is located when no user code is running (`userLocation`): the call that
    /// system code is making on user code's behalf (`%set-call-site!`: the layout loader's calls
    /// of a form it evaluates without compiling, located where compiled code would be). Cleared
    /// when an evaluation from the host begins and ends.
    var callSite = SourceLocation.none
    /// A one-word program, `halt`, that sentinel frames resume at.
    let haltCode: UnsafeMutablePointer<Int32>
    /// What other threads ask of the next safe point: `interruptBit` (a Ctrl-C handler, `interrupt()`)
    /// and `sampleBit` (the profiler's timer, see `Profiler`). One atomic, so the hot path still
    /// tests it with one load (and the optimiser can't keep a stale copy in a register across a
    /// loop); bits are set and cleared with atomic or/and, so clearing a sample never loses an
    /// interrupt.
    private let requestFlags = Atomic<UInt8>(0)
    static let interruptBit: UInt8 = 1
    static let sampleBit: UInt8 = 2
    /// Whether another thread asked anything of the next safe point: the hot path's test.
    var safePointRequested: Bool {
        @inline(__always) get { requestFlags.load(ordering: .relaxed) != 0 }
    }
    /// Whether an interrupt is pending (it ends the evaluation at the next safe point).
    var interruptRequested: Bool {
        get { requestFlags.load(ordering: .relaxed) & VM.interruptBit != 0 }
        set {
            if newValue { requestFlags.bitwiseOr(VM.interruptBit, ordering: .relaxed) }
            else { requestFlags.bitwiseAnd(~VM.interruptBit, ordering: .relaxed) }
        }
    }
    /// Whether the profiler's timer asked for a sample.
    var sampleRequested: Bool { requestFlags.load(ordering: .relaxed) & VM.sampleBit != 0 }
    /// Asks the next safe point for a sample (from the profiler's thread); whether one was still pending.
    func requestSample() -> Bool {
        requestFlags.bitwiseOr(VM.sampleBit, ordering: .relaxed).oldValue & VM.sampleBit != 0
    }
    /// Drops a sample request, keeping any interrupt.
    func clearSampleRequest() { requestFlags.bitwiseAnd(~VM.sampleBit, ordering: .relaxed) }
    /// The profiler sampling this VM (nil: none). It detaches itself when it stops, and the VM
    /// detaches from it when freed first.
    unowned(unsafe) var profiler: Scheme.Profiler?

    init(runtime: Runtime, maxDepth: Int) {
        rt = runtime
        runtimeRef = Unmanaged.passUnretained(runtime)
        heap = runtime.heap
        heapRef = Unmanaged.passUnretained(runtime.heap)
        self.maxDepth = maxDepth
        stackCapacity = 4096
        stack = .allocate(capacity: stackCapacity)
        stack.initialize(repeating: .undefined, count: stackCapacity)
        frameCapacity = 1024
        frames = .allocate(capacity: frameCapacity)
        frameCeiling = min(frameCapacity, maxDepth)
        haltCode = .allocate(capacity: 1)
        haltCode.initialize(to: Opcode.halt.rawValue)
        regs = Registers(pc: haltCode, fp: 0, sp: 0, closure: nil, constants: haltConstants, stack: stack)
        Scheme.Profiler.attachToCurrent(self)
    }

    deinit {
        profiler?.detach(self)
        releaseRetiredStacks()
        stack.deinitialize(count: stackCapacity)
        stack.deallocate()
        frames.deallocate()
        haltCode.deallocate()
    }

    /// Calls `procedure` with `arguments` and runs until it returns; an uncaught raise becomes a thrown
    /// `SchemeError`, and the VM is left as it was before the call.
    ///
    /// Every object that exists when the run starts survives it (`Heap.protectedCount`), because the
    /// Swift code calling may hold any of them in locals the collector cannot see. Only the embedding
    /// API's top-level calls, whose host keeps values with handles, pass `keepingExisting: false`;
    /// a run started while another is active keeps them regardless (its caller is a builtin).
    func run(_ procedure: Value, _ arguments: [Value], keepingExisting: Bool = true) throws(SchemeError) -> Value {
        // A builtin that swallowed the error of a run stopped by a limit cannot start another.
        if let aborting { throw aborting }
        let saved = regs
        let savedFrameTop = frameTop
        let savedProtection = keepingExisting || !runs.isEmpty ? heap.protectExisting() : nil
        if runs.isEmpty && heap.stressInterval > 0 { heap.restartStressPacing() }
        // The profiler's ticks since the last evaluation were spent outside it (host code).
        if runs.isEmpty, let profiler { profiler.takeOutsideSamples(self) }
        // Starting a run means whoever caught an earlier jump out of runs has dropped it.
        unwinding = nil
        lastRunSerial &+= 1
        runs.append((regs.sp, frameTop, lastRunSerial))
        defer {
            runs.removeLast()
            if let savedProtection { heap.endProtection(savedProtection) }
            if runs.isEmpty {
                releaseRetiredStacks()
                unwinding = nil
            }
        }
        var r = regs
        ensureStack(&r, room: arguments.count + 2)
        do {
            // The call below saves a frame that resumes at `halt`: that frame ends the run. It keeps the
            // suspended caller's closure, so that stays rooted and in backtraces.
            r.pc = haltCode
            r.stack[r.sp] = procedure
            r.sp += 1
            for a in arguments {
                r.stack[r.sp] = a
                r.sp += 1
            }
            try call(arguments.count, tail: false, &r)
            let result = try execute(&r)
            regs = saved
            regs.stack = stack
            frameTop = savedFrameTop
            return result
        } catch {
            regs = saved
            regs.stack = stack
            frameTop = savedFrameTop
            throw error
        }
    }

    /// Pushes a frame, failing with a Scheme-level error beyond `maxDepth`.
    @inline(__always) func pushFrame(_ f: CallFrame, _ r: inout Registers) throws(SchemeError) {
        if frameTop >= frameCeiling { try growFrames(&r) }
        frames[frameTop] = f
        frameTop &+= 1
    }

    func growFrames(_ r: inout Registers) throws(SchemeError) {
        if frameTop >= maxDepth {
            throw abort("recursion too deep: more than \(maxDepth) nested calls", r)
        }
        guard frameTop >= frameCapacity else {
            frameCeiling = min(frameCapacity, maxDepth)
            return
        }
        let newCapacity = max(min(frameCapacity * 2, maxDepth), frameTop + 1)
        let bigger = UnsafeMutablePointer<CallFrame>.allocate(capacity: newCapacity)
        bigger.moveInitialize(from: frames, count: frameTop)
        frames.deallocate()
        frames = bigger
        frameCapacity = newCapacity
        frameCeiling = min(frameCapacity, maxDepth)
    }

    /// Makes sure `room` more values fit on the stack, moving it if needed.
    @inline(__always) func ensureStack(_ r: inout Registers, room: Int) {
        if r.sp &+ room >= stackCapacity { growStack(&r, room: room) }
    }

    func growStack(_ r: inout Registers, room: Int) {
        var newCapacity = stackCapacity * 2
        while r.sp + room >= newCapacity { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
        bigger.initialize(from: stack, count: stackCapacity)
        (bigger + stackCapacity).initialize(repeating: .undefined, count: newCapacity - stackCapacity)
        if runs.count > 1 {
            // A builtin below this nested run reads its `Arguments` through a pointer into the old
            // stack: keep that memory (its values are unchanged, and rooted in the copy) until the
            // outermost run ends.
            retiredStacks.append((stack, stackCapacity))
        } else {
            stack.deinitialize(count: stackCapacity)
            stack.deallocate()
        }
        stack = bigger
        stackCapacity = newCapacity
        r.stack = bigger
    }

    /// Frees the stacks `growStack` kept for builtins' arguments (once no run is active).
    func releaseRetiredStacks() {
        for (old, capacity) in retiredStacks {
            old.deinitialize(count: capacity)
            old.deallocate()
        }
        retiredStacks.removeAll()
    }

    /// Marks everything the VM holds.
    func traceRoots(_ marker: inout Marker, _ r: Registers) {
        for i in 0..<r.sp { marker.mark(stack[i]) }
        for i in 0..<frameTop { if let c = frames[i].closure { marker.markRun(c.run) } }
        if let c = r.closure { marker.markRun(c.run) }
        switch unwinding {
        case .resume(let k, let value)?:
            marker.markObject(k)
            marker.mark(value)
        case .raise(let value)?: marker.mark(value)
        case .exit?, nil: break
        }
    }

    /// Collects garbage at a safe point: everything live is on the stacks or reachable from the runtime.
    func collect(_ r: Registers, _ kind: Heap.CollectionKind = .full) {
        rt.heap.collect(kind) { marker in
            traceRoots(&marker, r)
            rt.traceRoots(&marker)
        }
    }
}

/// Constant pool used while executing `halt` (which reads none).
private let haltConstants = UnsafeMutablePointer<Value>.allocate(capacity: 1)
