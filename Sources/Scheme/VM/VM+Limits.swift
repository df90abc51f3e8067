import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Limits and interrupts: how an evaluation is ended.
///
/// Why not an ordinary error: a program can catch an error, and a loop around a `guard` made every
/// limit (and Ctrl-C) useless (`(let retry () (guard (e (#t (retry))) (let loop () (loop))))` ran
/// forever). A limit reached is a `SchemeError` of kind `.limit` thrown past every Scheme handler.
/// It stays in `aborting` until the evaluation has returned to the host: a builtin that catches it
/// (a nested run) cannot resume the evaluation, because the next safe point throws it again.
/// `Scheme` then runs the pending `dynamic-wind` after-thunks within a small grace budget.
extension VM {
    /// Collection, interruption, limits and the profiler's samples, checked on calls and backward jumps.
    func safePoint(_ r: inout Registers) throws(SchemeError) {
        if let aborting { throw aborting }
        if let message = pendingLimit ?? exceededLimit() { throw abort(message, r) }
        if sampleRequested { takeSample(r) }
        if heap.wantsCollection, heap.collectionDue() {
            collect(r, heap.dueCollectionKind)
            // A sample asked for while collecting is the collector's.
            if sampleRequested { takeSample(r, inCollector: true) }
            if let limit = rt.heapLimit, heap.liveBytes > limit {
                throw abort("heap limit exceeded: \(heap.liveBytes) bytes live", r)
            }
        }
    }

    /// Ends the evaluation with the limit error `message`: remembered in `aborting`, so every later
    /// safe point of this evaluation throws it again.
    func abort(_ message: String, _ r: Registers, at location: SourceLocation = .none) -> SchemeError {
        if let aborting { return aborting }
        let e = SchemeError.limit(message, vm: self, regs: r, at: location)
        aborting = e
        pendingLimit = nil
        stepLimit = -1
        return e
    }

    /// The limit the evaluation has just reached, if any: an interrupt, the step budget, or (at a
    /// clock checkpoint, every `clockInterval` steps) the deadline.
    func exceededLimit() -> String? {
        if interruptRequested {
            interruptRequested = false
            return "interrupted"
        }
        guard steps > stepLimit else { return nil }
        if steps > stepBudget { return "step limit exceeded" }
        // Only the clock's checkpoint: the step limit proper is further on.
        stepLimit = min(stepBudget, steps &+ VM.clockInterval)
        if deadline != 0 && DispatchTime.now().uptimeNanoseconds >= deadline { return "time limit exceeded" }
        return nil
    }

    /// Counts `units` steps of work done outside the dispatch loop, where no error can be thrown
    /// (a long builtin, bignum arithmetic). Returns false once a limit is reached: the caller stops
    /// early, and the next safe point ends the evaluation.
    /// The heap is checked too: no more than the heap limit may be allocated past the point where a
    /// safe point would have collected (nothing can be collected here).
    func meter(_ units: Int) -> Bool {
        steps &+= units
        if let limit = rt.heapLimit, heap.overdraft > limit, aborting == nil, pendingLimit == nil {
            pendingLimit = "heap limit exceeded: more than \(limit) bytes allocated at once"
            stepLimit = -1
        }
        guard steps > stepLimit || interruptRequested else { return true }
        if aborting != nil || pendingLimit != nil { return false }
        if let message = exceededLimit() {
            pendingLimit = message
            stepLimit = -1
            return false
        }
        return true
    }

    /// Predicts whether work of `units` (about a nanosecond each) would end past the deadline.
    func wouldOutrunDeadline(_ units: Int) -> Bool {
        deadline != 0 && DispatchTime.now().uptimeNanoseconds &+ UInt64(clamping: units) > deadline
    }
}

/// The evaluation running on the current thread, for code that has no runtime at hand (bignum
/// arithmetic): it reports its work here, so limits bound it too.
enum WorkMeter {
    /// The thread's VM under limits (an instance runs on one thread at a time; instances on other
    /// threads have their own).
    nonisolated(unsafe) private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Installs `vm` as the current thread's meter and returns the previous one (to restore).
    static func install(_ vm: VM?) -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, vm.map { Unmanaged.passUnretained($0).toOpaque() })
        return previous
    }

    /// Puts back what `install` returned.
    static func restore(_ previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(key, previous)
    }

    /// Work of about `units` elementary operations (limb multiplications, digits) about to be done.
    /// Returns false when the evaluation must stop: the caller gives up and returns any valid value
    /// (the evaluation ends at its next safe point, and nothing sees the value). Big work is first
    /// compared with the time left, so one operation cannot run far past the deadline.
    public static func charge(_ units: Int) -> Bool {
        guard let raw = pthread_getspecific(key) else { return true }
        let vm = Unmanaged<VM>.fromOpaque(raw).takeUnretainedValue()
        if units >= 1 << 24, vm.aborting == nil, vm.pendingLimit == nil, vm.wouldOutrunDeadline(units) {
            vm.pendingLimit = "time limit exceeded"
            vm.stepLimit = -1
            return false
        }
        return vm.meter(units >> 10)
    }
}
