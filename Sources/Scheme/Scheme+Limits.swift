import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Scheme {
    /// Resource limits for untrusted code. Reaching one (or `interrupt()`) ends the evaluation with
    /// a `SchemeError` of kind `.limit`: Scheme handlers (`guard`, `with-exception-handler`) never see
    /// it, so a program can neither catch nor outrun a limit. The `dynamic-wind` after-thunks the
    /// evaluation leaves then run within a grace budget (`graceSteps`, `graceSeconds`, the same heap
    /// limit), so parameters and ports are restored; the instance stays usable.
    ///
    /// Every value is either valid or refused (see `validated()`); 0 is valid and means that nothing
    /// of that resource may be spent.
    public struct Limits: Sendable, Equatable {
        /// Most frames (nested non-tail calls, the prelude's own included) before "recursion too
        /// deep"; at least 1.
        public var depth: Int
        /// Most steps per evaluation before "step limit exceeded" (nil: unlimited; 0: none at all). A
        /// step is a call or a loop iteration, and also a unit of work outside the loop: a datum read,
        /// a form expanded, a pair a macro builds, 64 bytes a builtin builds, 1,024 limb operations
        /// of bignum arithmetic.
        public var steps: Int?
        /// Most live heap bytes (nil: unlimited): checked at every collection (which comes before the
        /// heap can grow a sixteenth past the limit), before a builtin builds a big object, and
        /// against what the reader and expander allocate at once. Interned symbols count too.
        public var heapBytes: Int?
        /// Deepest expression nesting the expander and compiler accept; at least 1.
        public var nesting: Int
        /// Most bytes (characters, for string ports) any one output port may receive (nil:
        /// unlimited; 0: no output). A write that would pass it writes up to the limit and ends the
        /// evaluation with "output limit exceeded".
        public var outputBytes: Int?
        /// Most wall-clock seconds per evaluation (`evaluate`, `load`, `call`) before "time limit
        /// exceeded" (nil: unlimited); finite, at least 0. The clock is read every 100 steps, by long
        /// builtins as they work, and before big bignum operations (one that would end past the
        /// deadline is not started).
        public var seconds: Double?

        public init(depth: Int = 4_000_000, steps: Int? = nil, heapBytes: Int? = nil, nesting: Int = 2_000,
                    outputBytes: Int? = nil, seconds: Double? = nil) {
            self.depth = depth
            self.steps = steps
            self.heapBytes = heapBytes
            self.nesting = nesting
            self.outputBytes = outputBytes
            self.seconds = seconds
        }

        /// The limits `htll --sandbox` runs untrusted layouts and scripts under (each can be changed
        /// with a flag): a frame depth of a million, 200 million steps, 256 MB of heap, nesting 2,000,
        /// 64 MB per output port, 20 seconds per evaluation. Generous for any honest layout (all the
        /// outputs of the 10,000-view layout take under 20 million steps and 64 MB each), tight enough
        /// that a build cannot hang (200 million steps of a loop take about 2 s) or swap.
        public static let untrusted = Limits(depth: 1_000_000, steps: 200_000_000, heapBytes: 256 << 20, nesting: 2_000,
                                             outputBytes: 64 << 20, seconds: 20)

        /// The heap limit `htll` uses when none is given: an eighth of the memory this process may use
        /// (physical memory, or less when a cgroup limits it), at least 64 MB. Why an eighth: the
        /// process's resident memory is about 1.7 times the live heap it counts (object headers, the
        /// collector's tables, garbage awaiting collection), so this stays near a fifth of memory.
        public static let memoryHeapBytes: Int = max(64 << 20, Int(clamping: availableMemory() / 8))

        /// What is wrong with these limits (nil when every value is valid).
        public var problem: String? {
            if depth < 1 { return "depth must be at least 1, got \(depth)" }
            if nesting < 1 { return "nesting must be at least 1, got \(nesting)" }
            if let steps, steps < 0 { return "steps must be at least 0, got \(steps)" }
            if let heapBytes, heapBytes < 0 { return "heapBytes must be at least 0, got \(heapBytes)" }
            if let outputBytes, outputBytes < 0 { return "outputBytes must be at least 0, got \(outputBytes)" }
            if let seconds, !(seconds.isFinite && seconds >= 0) { return "seconds must be finite and at least 0, got \(seconds)" }
            return nil
        }

        /// These limits, or an error saying which value is invalid.
        public func validated() throws -> Limits {
            if let problem { throw SchemeError(kind: .error, message: "invalid limits: " + problem) }
            return self
        }
    }

    /// Steps the after-thunks may take once a limit has ended an evaluation.
    public static let graceSteps = 100_000
    /// Seconds the after-thunks may take once a limit has ended an evaluation.
    public static let graceSeconds = 0.1

    /// Sets the limits that stay in force between evaluations.
    func apply(_ limits: Limits) {
        runtime.vm.maxDepth = limits.depth
        runtime.maxNesting = limits.nesting
        runtime.heapLimit = limits.heapBytes
        runtime.outputLimit = limits.outputBytes
    }

    /// The least number of bytes a program allocates between two collections (at least 1 MB;
    /// 8 MB unless set). The heap allows more when more is live, and less under a heap limit. A
    /// batch run that builds much and keeps most of it (compiling a layout) may raise it: every
    /// collection walks everything live, so fewer of them save time for memory.
    public var collectionInterval: Int {
        get { runtime.heap.minimumThreshold }
        set { runtime.heap.minimumThreshold = max(1 << 20, newValue) }
    }

    /// Runs one evaluation under the step and time limits (not for `system` code), ending it when a
    /// limit is reached. A nested evaluation (Swift called from Scheme calling back in) shares the
    /// outer one's budget and its end.
    func withLimits(system: Bool = false, _ body: () throws(SchemeError) -> Value) throws(SchemeError) -> Value {
        let vm = runtime.vm!
        if vm.limitsActive {
            do {
                return try body()
            } catch {
                // Reached outside the VM (reading, say): Swift code that catches it cannot resume the
                // evaluation either.
                if error.kind == .limit, vm.aborting == nil {
                    vm.aborting = error
                    vm.stepLimit = -1
                }
                throw error
            }
        }
        if let limitsProblem { throw SchemeError(kind: .error, message: "invalid limits: " + limitsProblem) }
        // The outermost call: this thread's stack is the one the expander and compiler recurse on.
        runtime.stackGuard.enter()
        vm.limitsActive = true
        vm.aborting = nil
        vm.pendingLimit = nil
        vm.callSite = .none
        let previousMeter = WorkMeter.install(vm)
        startBudget(steps: system ? nil : limits.steps, seconds: system ? nil : limits.seconds)
        let dynamic = runtime.dynamicState
        // Rooted: the program may drop every other reference to them.
        let rooted = (retain(dynamic.winders), retain(dynamic.handlers))
        defer {
            release(rooted.0)
            release(rooted.1)
            vm.limitsActive = false
            vm.aborting = nil
            vm.pendingLimit = nil
            vm.callSite = .none
            startBudget(steps: nil, seconds: nil)
            WorkMeter.restore(previousMeter)
        }
        do throws(SchemeError) {
            let result = try body()
            // Reached where nothing could throw (a builtin's bignum work), after the last check.
            if let pending = vm.pendingLimit { throw SchemeError(kind: .limit, message: pending) }
            return result
        } catch {
            if error.kind == .limit { unwind(to: dynamic) }
            throw error
        }
    }

    /// Starts counting steps and time from zero.
    private func startBudget(steps: Int?, seconds: Double?) {
        let vm = runtime.vm!
        vm.steps = 0
        vm.stepBudget = steps ?? Int.max
        vm.deadline = 0
        if let seconds {
            vm.deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(min(max(seconds, 0), 1e9) * 1e9)
        }
        vm.stepLimit = vm.deadline == 0 ? vm.stepBudget : min(vm.stepBudget, VM.clockInterval)
    }

    /// After a limit ended an evaluation: runs the `dynamic-wind` after-thunks it left pending
    /// (innermost first) within the grace budget, then restores the handler and winder lists, so
    /// the next evaluation sees neither the abandoned handlers nor its rebound parameters. An error
    /// in an after-thunk skips it; a limit (or another interrupt) abandons the rest.
    private func unwind(to saved: Runtime.DynamicState) {
        let vm = runtime.vm!
        guard let winders = runtime.systemCell("%winders"), let handlers = runtime.systemCell("%handlers") else { return }
        runtime.collectGarbage()  // what the abandoned run held
        vm.aborting = nil
        vm.pendingLimit = nil
        vm.interruptRequested = false
        startBudget(steps: Self.graceSteps, seconds: Self.graceSeconds)
        handlers.assign(saved.handlers)
        var pending = winders.value
        var count = 0
        while !pending.isEq(saved.winders), case .pair(let p) = pending, count < Self.graceSteps {
            count += 1
            let entry = p.car
            pending = p.cdr
            winders.assign(pending)
            guard case .pair(let e) = entry, e.cdr.isProcedure else { continue }
            do throws(SchemeError) {
                _ = try vm.run(e.cdr, [])
            } catch {
                if error.kind == .limit { break }
            }
        }
        winders.assign(saved.winders)
        handlers.assign(saved.handlers)
    }
}

extension Runtime {
    /// The prelude's dynamic state: the `dynamic-wind` winders and the exception handlers in force.
    struct DynamicState {
        let winders: Value
        let handlers: Value
    }

    var dynamicState: DynamicState {
        DynamicState(winders: systemCell("%winders")?.value ?? .null, handlers: systemCell("%handlers")?.value ?? .null)
    }

    /// The system environment's cell for `name`: the prelude's own variable, out of user code's reach.
    func systemCell(_ name: String) -> Global? {
        if case .global(let cell)? = system.peek(intern(name)) { return cell }
        return nil
    }
}

/// The memory this process may use: the machine's, or its cgroup's limit when lower (a container).
private func availableMemory() -> UInt64 {
    var memory = ProcessInfo.processInfo.physicalMemory
    for file in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
              let limit = UInt64(text.trimmingWhitespace(newlines: true)), limit > 0 else { continue }
        memory = min(memory, limit)
    }
    return memory
}
