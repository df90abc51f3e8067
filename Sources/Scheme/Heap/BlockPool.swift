// Where the block heap's memory comes from and goes back to.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory of a block heap: 256 KB-aligned blocks carved from mapped chunks, a pool of free
/// blocks, and the runs of blocks that large objects take.
///
/// Why nothing is unmapped while the heap lives: a stale word (a bug, or a conservative reader
/// later) can then never point into unmapped memory; free blocks give their pages back with
/// `madvise` instead, past a reserve kept warm for the next cycle's allocation. Everything is
/// unmapped when the heap itself goes (`releaseAll`).
struct BlockPool {
    /// Blocks per chunk mapped at once: 4 MB, touched (and so resident) only when used.
    static let chunkBlocks = 16
    /// Free blocks kept with their pages; beyond these, free blocks are `madvise`d.
    var reserveBlocks = 16

    /// Every mapping, to unmap when the heap goes.
    private var mappings: [(address: UnsafeMutableRawPointer, bytes: Int)] = []
    /// The unused, aligned blocks of the newest chunk.
    private var fresh: UnsafeMutableRawPointer? = nil
    private var freshLeft = 0
    /// Free blocks: the reserve first (resident), then advised ones.
    private var free: [UnsafeMutableRawPointer] = []
    /// Free runs of blocks left by large objects: (base, bytes).
    private var freeRuns: [(base: UnsafeMutableRawPointer, bytes: Int)] = []

    /// Bytes mapped so far.
    private(set) var mappedBytes = 0
    /// Blocks given back with `madvise` (counted for tests and figures).
    private(set) var advisedBlocks = 0

    /// Maps `bytes` plus one block of slack and returns the first block-aligned address in it.
    private mutating func map(_ bytes: Int) -> UnsafeMutableRawPointer? {
        let (total, o) = bytes.addingReportingOverflow(Block.size)
        guard !o else { return nil }
        guard let p = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              p != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        mappings.append((p, total))
        mappedBytes += total
        let aligned = (UInt(bitPattern: p) + Block.mask) & ~Block.mask
        return UnsafeMutableRawPointer(bitPattern: aligned)
    }

    /// A free block (its contents undefined), or nil when the system has no memory left.
    mutating func take() -> UnsafeMutableRawPointer? {
        if let b = free.popLast() { return b }
        if freshLeft == 0 {
            guard let chunk = map(BlockPool.chunkBlocks * Block.size) else { return nil }
            fresh = chunk
            freshLeft = BlockPool.chunkBlocks
        }
        guard let b = fresh else { return nil }
        fresh = b + Block.size
        freshLeft -= 1
        return b
    }

    /// Takes back a block no object lives in any more.
    mutating func give(_ block: UnsafeMutableRawPointer) {
        if free.count >= reserveBlocks {
            advise(block, Block.size)
            advisedBlocks += 1
            free.insert(block, at: 0)          // advised ones are taken last
        } else {
            free.append(block)
        }
    }

    /// A run of `bytes` (a multiple of `Block.size`) for one large object; a freed run at least as
    /// large is reused whole (first fit). Returns the run and its real size.
    mutating func takeRun(_ bytes: Int) -> (base: UnsafeMutableRawPointer, bytes: Int)? {
        if let i = freeRuns.firstIndex(where: { $0.bytes >= bytes && $0.bytes <= 2 * bytes }) {
            return freeRuns.remove(at: i)
        }
        guard let p = map(bytes) else { return nil }
        return (p, bytes)
    }

    /// Takes back the run of a dead large object: its pages go back to the system at once (large
    /// objects are rare and big, so there is no reserve for them).
    mutating func giveRun(_ base: UnsafeMutableRawPointer, bytes: Int) {
        advise(base, bytes)
        freeRuns.append((base, bytes))
    }

    /// Free blocks held (resident or advised).
    var freeBlocks: Int { free.count }

    private func advise(_ p: UnsafeMutableRawPointer, _ bytes: Int) {
        #if canImport(Glibc)
        _ = madvise(p, bytes, Int32(MADV_DONTNEED))
        #else
        _ = madvise(p, bytes, MADV_FREE)
        #endif
    }

    /// Unmaps everything (the heap is going away: no word into it can be used any more).
    mutating func releaseAll() {
        for m in mappings { munmap(m.address, m.bytes) }
        mappings = []
        free = []
        freeRuns = []
        fresh = nil
        freshLeft = 0
        mappedBytes = 0
    }
}
