// How the `htll` process asks the C allocator for memory.

#if canImport(Glibc)
import Glibc
#endif
import CMalloc

/// Process-wide allocator settings for the `htll` command, applied once before any thread starts.
///
/// Why: a command is a short batch run that touches its memory once. Compiling 10,000 labels
/// touches about 60 MB, and faulting that in 4 KB pages (about 14,000 faults, each page zeroed by
/// the kernel) cost about a quarter of the process's CPU time, all of it system time. Where the
/// system offers transparent huge pages on request (`madvise`), the allocator's heap is reserved
/// up front and marked for them, so the same memory arrives in 2 MB pages: about 1,300 faults, and
/// system time a third of what it was (bench/README.md, "Huge pages"). Where huge pages are off,
/// the marking does nothing and the rest costs nothing.
///
/// Only the command does this, never the libraries: an embedding program owns its allocator.
public enum ProcessMemory {
    /// Address space reserved for the heap and marked for huge pages: only touched pages become
    /// resident, so reserving more than a run uses costs nothing but addresses.
    static let reservedBytes = 256 << 20
    /// Allocations at least this large get a mapping of their own: glibc's largest fixed threshold
    /// (its default adapts between 128 KB and this), so large buffers, such as the generated text,
    /// come from the marked heap.
    static let ownMappingBytes = 32 << 20

    /// The bytes `prepare()` marked for huge pages: once some are, a second call does nothing.
    nonisolated(unsafe) private(set) static var markedBytes = 0

    /// Whether the command with `arguments` (without the program's name) is a batch run: not the
    /// REPL (`repl`, `-i`, or only options and a terminal on standard input) and not `serve`, which
    /// live long and free what they build (the settings would keep their freed memory). Errs on the
    /// side of no: a script given one of those words as an argument merely runs without them.
    public static func isBatch(_ arguments: [String], inputIsTerminal: Bool) -> Bool {
        if arguments.contains(where: { ["repl", "-i", "serve"].contains($0) }) { return false }
        let interactive = inputIsTerminal && !arguments.contains("-e") && arguments.allSatisfy { $0.hasPrefix("-") }
        return !interactive
    }

    /// Applies the settings: one allocator arena for every thread (the evaluating thread then
    /// allocates from the main heap, not from an arena of its own), the reservation, no trimming
    /// below it, and the huge-page advice on it.
    public static func prepare() {
        #if canImport(Glibc)
        guard markedBytes == 0, !addressSpaceIsLimited() else { return }
        _ = mallopt(M_ARENA_MAX, 1)
        _ = mallopt(M_MMAP_THRESHOLD, Int32(ownMappingBytes))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(2 * reservedBytes))
        // Reserving: with the heap's top padding this large, the next growth of the heap (the
        // block below does not fit in what start-up left) moves its break by the reservation, and
        // the heap's top then spans it; later allocations are carved from there. The padding goes
        // back to glibc's default at once, reserved or not: left this large, every later growth
        // would ask for as much again (and fail where the first one did).
        _ = mallopt(M_TOP_PAD, Int32(reservedBytes))
        let block = malloc(1 << 20)
        _ = mallopt(M_TOP_PAD, Int32(defaultTopPad))
        guard let block else { return }
        let hugePage = UInt(2 << 20)
        let start = (UInt(bitPattern: block) + hugePage - 1) & ~(hugePage - 1)
        let end = UInt(bitPattern: sbrk(0)) & ~(hugePage - 1)
        if end > start, let base = UnsafeMutableRawPointer(bitPattern: start),
           madvise(base, Int(end - start), MADV_HUGEPAGE) == 0 {
            markedBytes = Int(end - start)
        }
        free(block)
        #endif
    }

    /// glibc's own top padding (M_TOP_PAD's default).
    static let defaultTopPad = 128 << 10

    #if canImport(Glibc)
    /// Whether the process runs under a limit on its address space or data size (`ulimit -v`,
    /// `ulimit -d`): the reservation would then take room the command's own stack and heap need.
    /// (RLIM_INFINITY is all ones.)
    public static func addressSpaceIsLimited() -> Bool {
        var limit = rlimit()
        for resource in [RLIMIT_AS, RLIMIT_DATA] {
            if getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max { return true }
        }
        return false
    }
    #endif
}
