#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts detached POSIX threads (the command's large-stack main thread, the REPL's Ctrl-C watcher,
/// `htll serve`'s loop, watcher and worker).
///
/// Why not Foundation's `Thread`: FoundationEssentials has no thread type, and importing Foundation
/// made the command load its libraries (libFoundation, libFoundationInternationalization, the
/// 30 MB lib_FoundationICU) at every start: the dynamic loader was 15.5 M of GearCalc's 73.7 M
/// instructions (bench/README.md, "Start-up").
public enum HostThread {
    /// Runs `body` on a new detached thread with a stack of `stackSize` bytes (0: the system's
    /// default). Returns false when no thread could be made (then `body` is not run).
    @discardableResult
    public static func start(stackSize: Int = 0, _ body: @escaping () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }
        let box = Unmanaged.passRetained(Start(body))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        guard pthread_create(&thread, &attributes, hostThreadEntry, box.toOpaque()) == 0 else {
            box.release()
            return false
        }
        return true
    }

    /// Suspends the calling thread for `seconds` (Foundation's `Thread.sleep(forTimeInterval:)`).
    public static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        let bounded = min(seconds, Double(Int32.max))
        let whole = bounded.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: Int((bounded - whole) * 1e9))
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }

    /// What a new thread runs, passed to it through `pthread_create`'s argument.
    fileprivate final class Start {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}

#if canImport(Darwin)
private func hostThreadEntry(_ argument: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<HostThread.Start>.fromOpaque(argument).takeRetainedValue().body()
    return nil
}
#else
private func hostThreadEntry(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    Unmanaged<HostThread.Start>.fromOpaque(argument).takeRetainedValue().body()
    return nil
}
#endif
