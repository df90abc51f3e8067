#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A lock with a condition variable (what Foundation's `NSCondition` is): a thread holding the lock
/// waits until another signals.
///
/// Why not `NSCondition`: importing Foundation for it made the `htll` command load Foundation's
/// libraries at every start (see `HostThread`; bench/README.md, "Start-up").
public final class Condition: @unchecked Sendable {
    private let lockItself = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// An unlocked condition nobody waits on.
    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Waits for the lock and takes it.
    public func lock() { lockItself.lock() }

    /// Gives the lock back.
    public func unlock() { lockItself.unlock() }

    /// Wakes one waiting thread.
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread.
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Gives the lock back until signalled (or woken spuriously), then takes it again.
    public func wait() { pthread_cond_wait(condition, lockItself.mutex) }

    /// `wait()` for at most `seconds`; false when the time ran out without a signal.
    public func wait(seconds: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let wait = seconds > 0 ? min(seconds, 1e9) : 0
        let whole = wait.rounded(.down)
        var nanoseconds = now.tv_nsec + Int((wait - whole) * 1e9)
        var deadline = timespec(tv_sec: now.tv_sec + Int(whole) + nanoseconds / 1_000_000_000, tv_nsec: 0)
        nanoseconds %= 1_000_000_000
        deadline.tv_nsec = nanoseconds
        return pthread_cond_timedwait(condition, lockItself.mutex, &deadline) == 0
    }
}
