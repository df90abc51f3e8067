import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Scheme {
    /// A sampling profiler of Scheme code (`htll --profile`, `Scheme.profile`).
    ///
    /// A thread of its own watches the CPU time of the thread that started the profiler and, at each
    /// millisecond of it, asks the VMs it samples for a sample by setting a bit of their request flags
    /// (`VM.sampleBit`). The dispatch loop already tests those flags at every call and backward jump
    /// (for interrupts), so the profiler costs nothing when off. The next safe point records the
    /// running procedure and its callers (`record`) and clears the bit.
    ///
    /// Why CPU time, not wall time: the samples measure the work done whatever else the machine runs
    /// (on a busy machine, time the thread waits for a core would be samples of whatever it was doing),
    /// and time spent waiting for input is not counted. (On Darwin, which cannot read another thread's
    /// CPU clock, it is wall time.)
    ///
    /// Where a sample is not Scheme code: a sample asked for while the collector runs is the
    /// collector's; ticks that pass while no evaluation runs (reading, expanding and compiling
    /// source, the host's own code) are counted as outside evaluations when the next one starts; and
    /// a builtin's time is charged to the procedure that called it (its tick is taken at the caller's
    /// next safe point), counted as "late" when a tick came while the previous one was still pending.
    public final class Profiler: @unchecked Sendable {
        /// CPU time between samples, in nanoseconds.
        static let period: UInt64 = 1_000_000
        /// How often the sampling thread reads the CPU clock, in nanoseconds.
        static let pollInterval = 500_000
        /// Frames a sample looks at, from the top: deep recursion costs no more than this to sample.
        public static let maxFrames = 64

        /// What the sampling thread shares (it holds this, not the profiler, which can so be freed).
        private let shared: Sampler
        private var clock: clockid_t { shared.clock }
        private var thread: pthread_t?

        // Only the profiled thread reads and writes the rest.
        private var running = true
        private var previousCurrent: UnsafeMutableRawPointer?
        private let startCPU: UInt64
        private var stopCPU: UInt64 = 0
        private var entries: [Tally] = []
        /// Entries by what a procedure is (name and where it is defined, whichever code block).
        private var index: [Tally.Key: Int] = [:]
        /// Entries by code block: the fast path. Checked against the block's name and location, since
        /// the collector may free a block and its address come back as another's.
        private var byBlock: [ObjectIdentifier: (entry: Int, name: String, location: UInt64)] = [:]
        private var serial = 0
        private var schemeSamples = 0, lateSamples = 0, collectorSamples = 0, outsideSamples = 0, truncatedSamples = 0
        private var collectorEntry = -1, outsideEntry = -1

        /// Starts profiling the Scheme code run on the calling thread: in `instances`, and in every
        /// instance created on this thread until `stop()`.
        public init(sampling instances: [Scheme] = []) {
            shared = Sampler(clock: Profiler.currentThreadClock())
            startCPU = Profiler.now(shared.clock)
            previousCurrent = pthread_getspecific(Profiler.currentKey)
            pthread_setspecific(Profiler.currentKey, Unmanaged.passUnretained(self).toOpaque())
            for s in instances { attach(s.runtime.vm) }
            startThread()
        }

        deinit {
            if running { _ = stop() }
        }

        /// Stops sampling and returns what was recorded. Call it on the thread that started the
        /// profiler, while none of its instances is evaluating; later calls return the same report.
        public func stop() -> ProfileReport {
            if running {
                running = false
                shared.stopping.store(true, ordering: .sequentiallyConsistent)
                if let thread { pthread_join(thread, nil) }
                thread = nil
                let vms = shared.sampled.withLock { list in
                    defer { list.removeAll() }
                    return list
                }
                for vm in vms {
                    let v = vm.takeUnretainedValue()
                    v.profiler = nil
                    v.clearSampleRequest()
                }
                if pthread_getspecific(Profiler.currentKey) == Unmanaged.passUnretained(self).toOpaque() {
                    pthread_setspecific(Profiler.currentKey, previousCurrent)
                }
                addOutside(shared.ticks.exchange(0, ordering: .sequentiallyConsistent))
                stopCPU = Profiler.now(clock)
            }
            return report()
        }

        /// Interrupts every instance the profiler samples (for a Ctrl-C handler that does not know
        /// them), as their `interrupt()` does. Any thread may call it.
        public func interrupt() {
            shared.sampled.withLock { list in
                for vm in list { vm.takeUnretainedValue().interruptRequested = true }
            }
        }

        // MARK: VMs

        /// The profiler of the calling thread, which new VMs attach to.
        nonisolated(unsafe) private static let currentKey: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            return key
        }()

        /// Attaches `vm` to the calling thread's profiler, if it has one (a VM being made).
        static func attachToCurrent(_ vm: VM) {
            guard let raw = pthread_getspecific(currentKey) else { return }
            Unmanaged<Profiler>.fromOpaque(raw).takeUnretainedValue().attach(vm)
        }

        func attach(_ vm: VM) {
            guard running, vm.profiler == nil else { return }
            vm.profiler = self
            shared.sampled.withLock { $0.append(Unmanaged.passUnretained(vm)) }
        }

        /// Forgets `vm` (being freed).
        func detach(_ vm: VM) {
            shared.sampled.withLock { list in list.removeAll { $0.toOpaque() == Unmanaged.passUnretained(vm).toOpaque() } }
            vm.profiler = nil
        }

        // MARK: Sampling thread

        private func startThread() {
            let box = Unmanaged.passRetained(shared)
            #if canImport(Darwin)
            var t: pthread_t?
            #else
            var t = pthread_t()
            #endif
            guard pthread_create(&t, nil, profilerThreadEntry, box.toOpaque()) == 0 else {
                box.release()
                return
            }
            thread = t
        }

        /// The state the sampling thread shares with the profiled one.
        fileprivate final class Sampler: @unchecked Sendable {
            /// Ticks (milliseconds of CPU time) no safe point has taken yet.
            let ticks = Atomic<Int>(0)
            /// Those of them that came while the previous request was still pending: the VM had gone a
            /// poll interval without a safe point (a long builtin, or no evaluation running).
            let lateTicks = Atomic<Int>(0)
            let stopping = Atomic<Bool>(false)
            /// The VMs to ask for samples (and to interrupt).
            let sampled = SampledVMs()
            /// The profiled thread's CPU clock.
            let clock: clockid_t

            init(clock: clockid_t) { self.clock = clock }

            /// The sampling thread: every `pollInterval`, turns the profiled thread's new CPU time into
            /// ticks and asks the VMs for a sample.
            func run() {
                var next = Profiler.now(clock) &+ Profiler.period
                while !stopping.load(ordering: .sequentiallyConsistent) {
                    var pause = timespec(tv_sec: 0, tv_nsec: Profiler.pollInterval)
                    nanosleep(&pause, nil)
                    let cpu = Profiler.now(clock)
                    guard cpu >= next else { continue }
                    let passed = Int((cpu - next) / Profiler.period) + 1
                    next &+= UInt64(passed) * Profiler.period
                    // Late if every VM still had a request pending (an idle VM keeps its own).
                    var late = true
                    sampled.withLock { list in
                        for vm in list where !vm.takeUnretainedValue().requestSample() { late = false }
                    }
                    if late { lateTicks.add(passed, ordering: .sequentiallyConsistent) }
                    ticks.add(passed, ordering: .sequentiallyConsistent)
                }
            }
        }

        /// The calling thread's CPU clock.
        private static func currentThreadClock() -> clockid_t {
            #if canImport(Darwin)
            return CLOCK_MONOTONIC
            #else
            var id = clockid_t()
            return pthread_getcpuclockid(pthread_self(), &id) == 0 ? id : CLOCK_MONOTONIC
            #endif
        }

        private static func now(_ clock: clockid_t) -> UInt64 {
            var ts = timespec()
            guard clock_gettime(clock, &ts) == 0 else { return 0 }
            return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
        }

        // MARK: Recording (on the profiled thread)

        /// Takes the ticks passed since the last evaluation ended: the host's, outside evaluations.
        func takeOutsideSamples(_ vm: VM) {
            vm.clearSampleRequest()
            _ = shared.lateTicks.exchange(0, ordering: .sequentiallyConsistent)
            addOutside(shared.ticks.exchange(0, ordering: .sequentiallyConsistent))
        }

        private func addOutside(_ n: Int) {
            guard n > 0 else { return }
            outsideSamples += n
            if outsideEntry < 0 { outsideEntry = newEntry(Tally(key: Tally.Key(name: "(outside evaluations)", file: nil, line: 0, isPrelude: false))) }
            entries[outsideEntry].selfSamples += n
            entries[outsideEntry].totalSamples += n
        }

        /// Records the ticks passed as samples of the stack `vm` is running (`r` and its frames), of
        /// the collector if `inCollector`.
        func record(_ vm: VM, _ r: Registers, inCollector: Bool) {
            vm.clearSampleRequest()
            let n = shared.ticks.exchange(0, ordering: .sequentiallyConsistent)
            let late = shared.lateTicks.exchange(0, ordering: .sequentiallyConsistent)
            guard n > 0 else { return }
            serial &+= 1
            var isTop = true
            if inCollector {
                collectorSamples += n
                if collectorEntry < 0 { collectorEntry = newEntry(Tally(key: Tally.Key(name: "(collector)", file: nil, line: 0, isPrelude: false))) }
                count(collectorEntry, n, isTop: true)
                isTop = false
            } else {
                schemeSamples += n
                lateSamples += min(late, n)
            }
            var seen = 0
            if let c = r.closure {
                count(entry(for: c, vm), n, isTop: isTop)
                isTop = false
                seen = 1
            }
            var i = vm.frameTop - 1
            while i >= 0 && seen < Profiler.maxFrames {
                if let c = vm.frames[i].closure {
                    count(entry(for: c, vm), n, isTop: isTop)
                    isTop = false
                    seen += 1
                }
                i -= 1
            }
            if i >= 0 { truncatedSamples += n }
        }

        /// Adds `n` samples to entry `e`: self ones if it was running, total ones once per sample.
        private func count(_ e: Int, _ n: Int, isTop: Bool) {
            if isTop { entries[e].selfSamples += n }
            if entries[e].lastSerial != serial {
                entries[e].lastSerial = serial
                entries[e].totalSamples += n
            }
        }

        /// The entry of closure `cu`'s procedure.
        private func entry(for cu: Closure, _ vm: VM) -> Int {
            let code = cu.code
            let location = code.locations.first?.loc ?? .none
            let id = ObjectIdentifier(code)
            if let known = byBlock[id], known.location == location.packed, known.name == code.name { return known.entry }
            let file = vm.rt.fileName(location)
            let key = Tally.Key(name: code.name, file: file, line: location.line, isPrelude: code.isSystem)
            let e: Int
            if let existing = index[key] {
                e = existing
            } else {
                e = newEntry(Tally(key: key))
                index[key] = e
            }
            byBlock[id] = (e, code.name, location.packed)
            return e
        }

        private func newEntry(_ t: Tally) -> Int {
            entries.append(t)
            return entries.count - 1
        }

        private func report() -> ProfileReport {
            ProfileReport(
                samples: schemeSamples + collectorSamples + outsideSamples, lateSamples: lateSamples,
                collectorSamples: collectorSamples, outsideSamples: outsideSamples, truncatedSamples: truncatedSamples,
                cpuSeconds: Double(stopCPU &- startCPU) / 1e9,
                entries: entries.map {
                    ProfileReport.Entry(name: $0.key.name, file: $0.key.file, line: $0.key.line, isPrelude: $0.key.isPrelude,
                                        selfSamples: $0.selfSamples, totalSamples: $0.totalSamples)
                })
        }

        /// One procedure's counts while recording.
        private struct Tally {
            struct Key: Hashable {
                let name: String
                let file: String?
                let line: Int
                let isPrelude: Bool
            }
            /// What the procedure is: its name and where it is defined.
            let key: Key
            var selfSamples = 0
            var totalSamples = 0
            /// The last sample that counted this entry in `totalSamples` (recursion counts once).
            var lastSerial = 0
        }
    }
}

/// The VMs a profiler samples, behind a POSIX mutex. Why not `Synchronization.Mutex`: on Linux
/// its lock is atomics inside the standard library, which ThreadSanitizer does not see, so every
/// profiled run of an instrumented build was reported as a race on this list (fuzz/README.md,
/// "Sanitizers"); `pthread_mutex_lock` is intercepted, so a real race on the list still shows.
final class SampledVMs: @unchecked Sendable {
    private var list: [Unmanaged<VM>] = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `body`'s result, run with the list to itself.
    func withLock<R>(_ body: (inout [Unmanaged<VM>]) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&list)
    }
}

extension VM {
    /// Records the sample the profiler asked for (see `Profiler`), or drops the request if the
    /// profiler has stopped.
    func takeSample(_ r: Registers, inCollector: Bool = false) {
        if let profiler { profiler.record(self, r, inCollector: inCollector) } else { clearSampleRequest() }
    }
}

#if canImport(Darwin)
private func profilerThreadEntry(_ argument: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<Scheme.Profiler.Sampler>.fromOpaque(argument).takeRetainedValue().run()
    return nil
}
#else
private func profilerThreadEntry(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    Unmanaged<Scheme.Profiler.Sampler>.fromOpaque(argument).takeRetainedValue().run()
    return nil
}
#endif
