#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pair space: pairs live in 24-byte cells (`Pair`) in blocks of 256 KB, aligned to their size
/// so a cell finds its block's header (and through it its heap) by masking its address.
///
/// Allocation steps a cursor through the cells in position order (blocks in the order they were
/// made, cells in address order) and takes the first cell not in use: a cell is in use iff its mark
/// is the heap's current epoch, so a collection frees every cell it did not reach just by moving to
/// the next epoch, with no sweep; it then rewinds the cursor to the first position `cons` may use.
/// Nothing moves, so a `Pair` stays valid as long as its cell is in use.
///
/// Protection (see `Heap`'s invariant): a run that protects what exists sets `pairWatermark` to a
/// position no cell in use lies at or past (`pairHighWater`, or the cursor if further on) and moves
/// the cursor there; until the run ends, every cell in use below the watermark survives each
/// collection and keeps what it refers to, and `cons` takes cells only past it.
extension Heap {
    /// A block's size and alignment.
    static let pairBlockBytes = 1 << 18
    /// Bytes before a block's first cell: the owning heap's address, the returned flag, then
    /// nothing (a cache line).
    static let pairBlockHeader = 64
    /// Header byte: 1 while the block's pages past the first are given back to the system.
    static let pairBlockReturnedOffset = 8
    /// Header word: the block's location table, or 0 until a pair of the block is located. The
    /// table holds a packed `SourceLocation` per cell, by cell index (see `locate`).
    static let pairBlockLocationsOffset = 16
    /// What `returnEmptyPairBlocks` keeps of an empty block: the page that holds its header.
    static let pairBlockKeptBytes = 4096
    /// Cells in a block.
    static let pairCellsPerBlock = (pairBlockBytes - pairBlockHeader) / Pair.cellBytes
    /// The cursor and limit of a heap with no pair block yet: equal, so the first `cons` takes the
    /// slow path.
    nonisolated(unsafe) static let noPairBlock = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    /// The heap that owns `pair`'s block.
    static func owner(of pair: Pair) -> Heap {
        let block = UnsafeRawPointer(bitPattern: UInt(bitPattern: pair.cell) & ~UInt(pairBlockBytes - 1))
        return Unmanaged<Heap>.fromOpaque(block.unsafelyUnwrapped.load(as: UnsafeRawPointer.self)).takeUnretainedValue()
    }

    /// Calls `body` with the heap that owns `pair`'s block, without retaining it (the pair's
    /// owner outlives every value of it).
    @inline(__always)
    static func withOwner<R>(of pair: Pair, _ body: (Heap) throws -> R) rethrows -> R {
        let block = UnsafeRawPointer(bitPattern: UInt(bitPattern: pair.cell) & ~UInt(pairBlockBytes - 1))
        return try Unmanaged<Heap>.fromOpaque(block.unsafelyUnwrapped.load(as: UnsafeRawPointer.self))._withUnsafeGuaranteedRef(body)
    }

    /// `cons` when the cell at the cursor is in use or the block is used up.
    @inline(never) func consSlow(_ car: Value, _ cdr: Value) -> Pair {
        newPair(at: nextFreePairCell(), car, cdr)
    }

    /// The first cell not in use at or past the cursor (a new block when none is left), which the
    /// cursor then steps past.
    private func nextFreePairCell() -> UnsafeMutableRawPointer {
        skipPairsInUse()
        if pairCursor == pairLimit {
            // Every cell of every block is in use now.
            usePairBlock(after: pairBlocks.count - 1)
        }
        let c = pairCursor
        pairCursor = c + Pair.cellBytes
        return c
    }

    /// `count` adjacent cells not in use, in one block, at or past the cursor (the cursor then
    /// steps past them), each young and in use from now, its fields unset; `count` is at most
    /// `CellRun.longestInCells`. A cell in use on the way is skipped, and stays where it is; a
    /// block without room left is left for the next (a new one when none is left), as `cons` does.
    func pairCellRun(_ count: Int) -> UnsafeMutableRawPointer {
        allocatedSinceCollection &+= count &* Heap.pairBytes
        if pairBlockIndex < 0 { usePairBlock(after: -1) }
        while true {
            var c = pairCursor, found = 0
            while found < count, c != pairLimit, isFree(c.load(fromByteOffset: Pair.markOffset, as: UInt32.self)) {
                c += Pair.cellBytes
                found += 1
            }
            if found == count {
                let start = pairCursor
                pairCursor = c
                var cell = start
                for _ in 0..<count {
                    cell.storeBytes(of: youngMark, toByteOffset: Pair.markOffset, as: UInt32.self)
                    cell.storeBytes(of: 0, toByteOffset: Pair.flagsOffset, as: UInt8.self)
                    cell += Pair.cellBytes
                }
                return start
            }
            if c == pairLimit {
                usePairBlock(after: pairBlockIndex)
            } else {
                pairCursor = c + Pair.cellBytes  // past the cell in use
            }
        }
    }

    /// Moves the cursor to the start of the block after `index`, a new one if there is none.
    private func usePairBlock(after index: Int) {
        let next = index + 1
        pairHighWater = max(pairHighWater, next * Heap.pairCellsPerBlock)
        if next == pairBlocks.count { pairBlocks.append(makePairBlock()) }
        placePairCursor(block: next, cell: 0)
    }

    /// A new block, every cell free (mark 0: marks start at 1), its header naming this heap: the
    /// next of the current chunk (`pairChunkBytes`, mapped from the system and zeroed by it), or
    /// the first of a new one. Why chunks and not `posix_memalign` per block: that left up to a
    /// block of padding beside each block in the allocator's heap, which transparent huge pages
    /// make resident (a 4,000,000-element list took 47.9 bytes of RSS a pair where huge pages are
    /// always on, 24 without them); and why not a mapping per block: the holes between them kept
    /// huge pages out, and faulting the blocks in 4 KB pages made a 10,000-label layout 18% slower.
    private func makePairBlock() -> UnsafeMutableRawPointer {
        if pairChunkNext == nil {
            guard let chunk = Heap.mapPairChunk() else { fatalError("out of memory for a pair block") }
            pairChunks.append(chunk)
            pairChunkNext = chunk
        }
        guard let block = pairChunkNext, let chunk = pairChunks.last else { fatalError("no pair chunk") }
        let next = block + Heap.pairBlockBytes
        pairChunkNext = next - chunk < Heap.pairChunkBytes ? next : nil
        block.storeBytes(of: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), as: UnsafeRawPointer.self)
        return block
    }

    /// Bytes of a chunk of pair blocks: a huge page's worth, aligned to it, so where the system
    /// offers transparent huge pages a chunk is one.
    static let pairChunkBytes = 2 << 20

    /// A new chunk, aligned to its size (mapped twice as large, the rest unmapped), or nil.
    private static func mapPairChunk() -> UnsafeMutableRawPointer? {
        let size = pairChunkBytes
        #if canImport(Glibc)
        let anonymous = MAP_ANONYMOUS
        #else
        let anonymous = MAP_ANON
        #endif
        guard let raw = mmap(nil, 2 * size, PROT_READ | PROT_WRITE, MAP_PRIVATE | anonymous, -1, 0),
              raw != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        let start = UInt(bitPattern: raw)
        let aligned = (start + UInt(size) - 1) & ~(UInt(size) - 1)
        let head = Int(aligned - start)
        if head > 0 { munmap(raw, head) }
        guard let chunk = UnsafeMutableRawPointer(bitPattern: aligned) else { return nil }
        if size - head > 0 { munmap(chunk + size, size - head) }
        #if canImport(Glibc)
        _ = madvise(chunk, size, Int32(MADV_HUGEPAGE))
        #endif
        return chunk
    }

    private func placePairCursor(block: Int, cell: Int) {
        pairBlockIndex = block
        // Its cells are about to be used: the pages given back come back zeroed (free) on touch.
        pairBlocks[block].storeBytes(of: 0, toByteOffset: Heap.pairBlockReturnedOffset, as: UInt8.self)
        let first = pairBlocks[block] + Heap.pairBlockHeader
        pairCursor = first + cell * Pair.cellBytes
        pairLimit = first + Heap.pairCellsPerBlock * Pair.cellBytes
    }

    /// The cursor's position.
    private var pairCursorPosition: Int {
        guard pairBlockIndex >= 0 else { return 0 }
        let first = pairBlocks[pairBlockIndex] + Heap.pairBlockHeader
        return pairBlockIndex * Heap.pairCellsPerBlock + (pairCursor - first) / Pair.cellBytes
    }

    /// Moves the cursor to `position` (the end of the last block at most).
    private func movePairCursor(to position: Int) {
        guard !pairBlocks.isEmpty else { return }
        let block = position / Heap.pairCellsPerBlock
        if block >= pairBlocks.count {
            placePairCursor(block: pairBlocks.count - 1, cell: Heap.pairCellsPerBlock)
        } else {
            placePairCursor(block: block, cell: position % Heap.pairCellsPerBlock)
        }
    }

    /// Protects every object, pair and weak symbol that exists (see `protectedCount`,
    /// `pairWatermark`, `symbolWatermark`) and returns what to pass `endProtection` when the run
    /// that needed it ends.
    func protectExisting() -> HeapProtection {
        let saved = HeapProtection(objects: protectedCount, pairs: pairWatermark, symbols: symbolWatermark)
        protectedCount = objectsEnd
        symbolWatermark = weakSymbols.count
        let here = pairCursorPosition
        pairWatermark = max(pairHighWater, here)
        if here < pairWatermark { movePairCursor(to: pairWatermark) }
        return saved
    }

    /// Puts back the protection `protectExisting` replaced.
    func endProtection(_ saved: HeapProtection) {
        protectedCount = saved.objects
        pairWatermark = saved.pairs
        symbolWatermark = saved.symbols
    }

    /// Marks every cell below the watermark, from position `first` on, whose mark is `a` or `b`
    /// (in use before this collection began): a collection inside a protecting run keeps them and
    /// what they refer to.
    func markProtectedPairs(from first: Int, inUse a: UInt32, _ b: UInt32, _ marker: inout Marker) {
        var position = first
        while position < pairWatermark {
            let block = position / Heap.pairCellsPerBlock
            guard block < pairBlocks.count else { return }
            let end = min(pairWatermark, (block + 1) * Heap.pairCellsPerBlock)
            var c = pairBlocks[block] + Heap.pairBlockHeader + (position % Heap.pairCellsPerBlock) * Pair.cellBytes
            while position < end {
                let m = c.load(fromByteOffset: Pair.markOffset, as: UInt32.self)
                if m == a || m == b { marker.markPair(Pair(cell: c)) }
                c += Pair.cellBytes
                position += 1
            }
        }
    }

    /// After marking: the cells not reached are free; the cursor goes back to the first position
    /// `cons` may take (a minor collection freed nothing before `youngPairStart`), then past the
    /// cells in use there, and the young pairs to come lie from there on.
    func rewindPairCursor(full: Bool) {
        pairHighWater = max(pairHighWater, pairCursorPosition)
        movePairCursor(to: full ? pairWatermark : max(pairWatermark, youngPairStart))
        skipPairsInUse()
        youngPairStart = pairCursorPosition
    }

    /// Moves the cursor to the first free cell at or past it, or to the end of the last block (the
    /// scan `cons` makes when the cell at the cursor is taken, and a collection's after rewinding).
    private func skipPairsInUse() {
        while pairBlockIndex >= 0 {
            var c = pairCursor
            while c != pairLimit {
                if isFree(c.load(fromByteOffset: Pair.markOffset, as: UInt32.self)) {
                    pairCursor = c
                    return
                }
                c += Pair.cellBytes
            }
            pairCursor = c
            // Every cell of this block is in use.
            guard pairBlockIndex + 1 < pairBlocks.count else { return }
            usePairBlock(after: pairBlockIndex)
        }
    }

    /// Records that `pair` was made from source at `location`, in its block's location table
    /// (made on the block's first located pair).
    ///
    /// Why a table per block rather than one hash table keyed by cell address: the reader locates
    /// every pair it makes, and a hash table scattered its entries (a probe, a likely cache miss,
    /// and growth by rehashing); here the entry is the cell's index, next to its neighbours', and
    /// a dead pair's entry needs no pruning: a reused cell clears its located flag, and the block's
    /// table goes when the block is emptied (`returnEmptyPairBlocks`). Cost: 8 bytes a cell of a
    /// block that holds a located pair, a third of the block (issue 19).
    func locate(_ pair: Pair, at location: SourceLocation) {
        let (block, index) = Heap.blockAndIndex(of: pair)
        var table = block.load(fromByteOffset: Heap.pairBlockLocationsOffset, as: UnsafeMutablePointer<UInt64>?.self)
        if table == nil {
            guard let raw = calloc(Heap.pairCellsPerBlock, 8) else { fatalError("out of memory for a pair block's locations") }
            table = raw.bindMemory(to: UInt64.self, capacity: Heap.pairCellsPerBlock)
            block.storeBytes(of: table, toByteOffset: Heap.pairBlockLocationsOffset, as: UnsafeMutablePointer<UInt64>?.self)
            locationTables += 1
        }
        table.unsafelyUnwrapped[index] = location.packed
        pair.flags |= Pair.locatedFlag
    }

    /// The location `locate` recorded for `pair` (whose located flag is set).
    func pairLocation(_ pair: Pair) -> SourceLocation {
        let (block, index) = Heap.blockAndIndex(of: pair)
        guard let table = block.load(fromByteOffset: Heap.pairBlockLocationsOffset, as: UnsafeMutablePointer<UInt64>?.self) else {
            return .none
        }
        return SourceLocation(packed: table[index])
    }

    /// `pair`'s block and the cell's index in it.
    @inline(__always) static func blockAndIndex(of pair: Pair) -> (UnsafeMutableRawPointer, Int) {
        let address = UInt(bitPattern: pair.cell)
        let base = address & ~UInt(pairBlockBytes - 1)
        let block = UnsafeMutableRawPointer(bitPattern: base).unsafelyUnwrapped
        return (block, Int(address &- base &- UInt(pairBlockHeader)) / Pair.cellBytes)
    }

    /// Frees `block`'s location table, if it has one.
    private func freeLocationTable(_ block: UnsafeMutableRawPointer) {
        guard let table = block.load(fromByteOffset: Heap.pairBlockLocationsOffset, as: UnsafeMutablePointer<UInt64>?.self) else { return }
        free(table)
        block.storeBytes(of: nil, toByteOffset: Heap.pairBlockLocationsOffset, as: UnsafeMutablePointer<UInt64>?.self)
        locationTables -= 1
    }

    /// After a full collection: gives back to the system the pages of every block no cell of which
    /// is in use (all but the header's page), so a heap that held many pairs once does not keep
    /// their memory resident. Nothing moves and the block stays mapped: a page given back reads as
    /// zeros when touched again, which is a free cell (mark 0); the returned flag is cleared when
    /// the cursor enters the block. The cursor's block is kept.
    /// Cost: a block with a cell in use is left at its first such cell; an empty one is scanned once
    /// and then skipped until the cursor enters it again.
    func returnEmptyPairBlocks() {
        for (index, block) in pairBlocks.enumerated() where index != pairBlockIndex {
            guard block.load(fromByteOffset: Heap.pairBlockReturnedOffset, as: UInt8.self) == 0 else { continue }
            var c = block + Heap.pairBlockHeader
            var empty = true
            for _ in 0..<Heap.pairCellsPerBlock {
                if !isFree(c.load(fromByteOffset: Pair.markOffset, as: UInt32.self)) { empty = false; break }
                c += Pair.cellBytes
            }
            guard empty else { continue }
            // No pair of the block is located any more.
            freeLocationTable(block)
            #if canImport(Glibc)
            _ = madvise(block + Heap.pairBlockKeptBytes, Heap.pairBlockBytes - Heap.pairBlockKeptBytes, Int32(MADV_DONTNEED))
            #elseif canImport(Darwin)
            // The pages keep their contents until the system takes them, then read as zeros: every
            // mark in them is free either way.
            _ = madvise(block + Heap.pairBlockKeptBytes, Heap.pairBlockBytes - Heap.pairBlockKeptBytes, MADV_FREE)
            #endif
            block.storeBytes(of: 1, toByteOffset: Heap.pairBlockReturnedOffset, as: UInt8.self)
            returnedPairBlocks += 1
        }
    }

    /// Pair blocks allocated (for tests and figures).
    var pairBlockCount: Int { pairBlocks.count }

    /// Frees the blocks (from `deinit`).
    func releasePairBlocks() {
        for block in pairBlocks { freeLocationTable(block) }
        for chunk in pairChunks { munmap(chunk, Heap.pairChunkBytes) }
        pairBlocks = []
        pairChunks = []
        pairChunkNext = nil
    }
}

/// What a protecting run replaced, to put back when it ends (`Heap.protectExisting`).
struct HeapProtection {
    let objects: Int
    let pairs: Int
    let symbols: Int
}
