#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// How deep the expander and the compiler may recurse on the host thread's stack.
///
/// Why: both recurse once per nesting level of the code they are given, and the nesting limit
/// (`Limits.nesting`, 2,000 by default) is a count, not a size. A level takes about 500 bytes of
/// stack in a release build (more in a debug or sanitizer build), so a host that evaluates
/// untrusted text on a thread with a small stack (512 KB: a secondary thread or a Dispatch worker
/// on Apple's systems) crashed at about 900 levels, within the limit (measured: 1,000 nested calls
/// compiled on a 512 KB thread, a segmentation fault in `Compiler.compile`). With the guard, the
/// recursion stops with a located error while `reserve` bytes are left, whatever the limit says.
///
/// The bounds are those of the thread that entered the runtime (`enter()`, at each outermost
/// `Scheme` call); a nested run is on the same thread.
struct StackGuard {
    /// The lowest stack address the recursion may reach: 0 while unknown (no check).
    private(set) var floor: UInt = 0
    /// The stack's lowest address. A local below it is not on this stack at all: AddressSanitizer,
    /// when it detects use after return (its default in this toolchain), keeps addressable locals in
    /// frames it allocates elsewhere, and every evaluation of an instrumented `htll` was refused as
    /// nested too deeply at one level. No depth can be told from such a local: no check then.
    private(set) var low: UInt = 0
    /// The main thread, once `floor` is its own. Only its bounds are kept from one entry to the
    /// next: finding them reads /proc/self/maps on Linux (tens of microseconds), and it lives as long
    /// as the process. Another thread's are found again at each entry (well under a microsecond):
    /// a thread that ended may be followed by one with the same identity and another stack.
    private var mainThread: pthread_t?

    /// Finds the current thread's bounds, unless they are the main thread's, already found.
    mutating func enter() {
        let me = pthread_self()
        if let mainThread, pthread_equal(mainThread, me) != 0 { return }
        (low, floor) = StackGuard.bounds(of: me)
        mainThread = StackGuard.isMainThread ? me : nil
    }

    /// Whether the calling thread is the process's first.
    static var isMainThread: Bool {
        #if canImport(Darwin)
        return pthread_main_np() != 0
        #elseif canImport(Glibc) || canImport(Musl)
        guard let threadID else { return false }
        return threadID() == getpid()
        #else
        return false
        #endif
    }

    /// Whether the stack is used down to `floor` (the caller's frame is past it).
    @inline(__always) var isExhausted: Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return StackGuard.isPastFloor(here, low: low, floor: floor)
    }

    /// Whether a local at `here` is below `floor` on the stack that starts at `low`.
    @inline(__always) static func isPastFloor(_ here: UInt, low: UInt, floor: UInt) -> Bool {
        here < floor && here >= low
    }

    /// What is kept free below the floor, for a stack of `size` bytes: an eighth of it, at least
    /// 64 KB and at most 256 KB (room to report the error and unwind: messages, the release of the
    /// expanded tree, a builtin's own work; 64 KB is enough on 256 KB threads even for a debug build
    /// under AddressSanitizer, `StackGuardTests`). At most 256 KB: with a quarter, up to 1 MB, deep
    /// layouts that a debug build under the sanitizer compiled on an 8 MB main thread were refused.
    static func reserve(ofStackSize size: UInt) -> UInt {
        min(max(size / 8, 64 << 10), 256 << 10)
    }

    /// `thread`'s lowest usable address, and it plus the reserve (the floor); zeros when the
    /// system does not say.
    static func bounds(of thread: pthread_t) -> (low: UInt, floor: UInt) {
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        guard top > size else { return (0, 0) }
        return (top - size, top - size + reserve(ofStackSize: size))
        #elseif canImport(Glibc) || canImport(Musl)
        var attributes = pthread_attr_t()
        guard let getAttributes = StackGuard.getAttributes, getAttributes(thread, &attributes) == 0 else { return (0, 0) }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base, size > 0 else { return (0, 0) }
        let low = UInt(bitPattern: base)
        return (low, low + reserve(ofStackSize: UInt(size)))
        #else
        return (0, 0)
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    /// `gettid`, found at run time (glibc 2.30 and later; declared only with `_GNU_SOURCE`).
    private static let threadID: (@convention(c) () -> pid_t)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> pid_t).self)
    }()

    /// `pthread_getattr_np`, found at run time: a GNU extension the C library has but its Swift
    /// module does not declare (it needs `_GNU_SOURCE`). (RTLD_DEFAULT is the null handle.)
    private static let getAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()
    #endif
}
