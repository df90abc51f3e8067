// Allocation in the holes of one kind of block (docs/heap-design.md, "Allocation").

/// The blocks of one kind (pairs, flonums, or one object size class) and the allocation cursor
/// that bumps through their holes.
///
/// A *hole* is a run of cells whose mark bit is clear: dead since the last collection, or never
/// used. Allocation bumps a pointer through the current hole; when it is used up, the next hole is
/// found by reading the bitmap from where the last one ended (the sweep, done lazily, 64 cells per
/// bitmap word when a cell is one granule). Why a list of blocks that have free cells: the
/// allocator then never reads the bitmaps of old, full blocks after a minor collection, which was
/// most of a minor collection's cost in `bench/experiments/gc.swift`.
struct BlockSpace {
    /// What the blocks hold.
    let kind: BlockKind
    /// Bytes per cell.
    let cellSize: Int
    /// The size class (object blocks only).
    let sizeClass: Int

    /// Every block of the space.
    private(set) var blocks: [Block] = []
    /// Blocks that may have free cells, in the order the cursor visits them.
    private var available: [Block] = []
    private var nextAvailable = 0
    /// Blocks the cursor has allocated into since the last collection (their holes change).
    private var touched: [Block] = []

    /// The block the cursor is in and the cell where its next hole search starts.
    private var current: Block? = nil
    private var nextCell = 0
    /// The current hole, as addresses: allocation bumps `top` up to `limit`.
    private var top: UInt = 0
    private var limit: UInt = 0

    /// An empty space.
    init(kind: BlockKind, cellSize: Int, sizeClass: Int = 0) {
        self.kind = kind
        self.cellSize = cellSize
        self.sizeClass = sizeClass
    }

    /// A free cell (contents undefined: the caller initialises it before any safe point), or nil
    /// when the system has no memory left.
    @inline(__always) mutating func allocate(_ pool: inout BlockPool) -> UnsafeMutableRawPointer? {
        if top < limit {
            let p = top
            top = p &+ UInt(cellSize)
            return UnsafeMutableRawPointer(bitPattern: p)
        }
        return allocateSlowly(&pool)
    }

    /// Finds the next hole: in the current block, then the next available one, then a new block.
    private mutating func allocateSlowly(_ pool: inout BlockPool) -> UnsafeMutableRawPointer? {
        while true {
            if let b = current, findHole(in: b) {
                let p = top
                top = p &+ UInt(cellSize)
                return UnsafeMutableRawPointer(bitPattern: p)
            }
            if nextAvailable < available.count {
                current = available[nextAvailable]
                nextAvailable += 1
            } else {
                guard let base = pool.take() else { return nil }
                let b = Block(base: base)
                b.format(kind: kind, cellSize: cellSize, sizeClass: sizeClass)
                blocks.append(b)
                current = b
            }
            nextCell = 0
            touched.append(current.unsafelyUnwrapped)
        }
    }

    /// Sets the hole to the next run of unmarked cells of `b` at or after `nextCell`.
    private mutating func findHole(in b: Block) -> Bool {
        let count = b.cellCount
        var i = nextCell
        if b.granuleShift == 4 ? cellSize == 16 : cellSize == 8 {
            // One bit per cell: skip 64 used cells per bitmap word.
            let firstBit = b.firstCell >> b.granuleShift
            let words = b.bitmap
            while i < count {
                let bit = firstBit + i
                let free = ~words[bit >> 6] >> UInt64(bit & 63)
                if free == 0 { i += 64 - (bit & 63); continue }
                i += free.trailingZeroBitCount
                guard i < count else { break }
                var e = i
                while e < count {
                    let eb = firstBit + e
                    let used = words[eb >> 6] >> UInt64(eb & 63)
                    if used == 0 { e += 64 - (eb & 63); continue }
                    e += used.trailingZeroBitCount
                    break
                }
                e = min(e, count)
                setHole(b, i, e)
                return true
            }
        } else {
            while i < count, b.isCellMarked(i) { i += 1 }
            if i < count {
                var e = i + 1
                while e < count, !b.isCellMarked(e) { e += 1 }
                setHole(b, i, e)
                return true
            }
        }
        nextCell = count
        return false
    }

    private mutating func setHole(_ b: Block, _ from: Int, _ to: Int) {
        top = UInt(bitPattern: b.cell(from))
        limit = UInt(bitPattern: b.cell(to))
        nextCell = to
    }

    /// After a minor collection: the blocks allocated into have new holes (their dead young cells)
    /// and are visited again, before those the cursor has not reached; old full blocks are not.
    mutating func rewindAfterMinor() {
        let rest = nextAvailable < available.count ? Array(available[nextAvailable...]) : []
        var seen = Set<UnsafeMutableRawPointer>()
        available = (touched + rest).filter { seen.insert($0.base).inserted }
        nextAvailable = 0
        touched = []
        resetCursor()
    }

    /// After a major collection: every block with a free cell is available again; blocks with no
    /// marked cell go back to the pool. Returns the marked bytes of the space.
    mutating func rebuildAfterMajor(_ pool: inout BlockPool) -> Int {
        var kept: [Block] = []
        var marked = 0
        available = []
        for b in blocks {
            let cells = b.markedCells()
            if cells == 0 {
                pool.give(b.base)
                continue
            }
            kept.append(b)
            marked += cells * cellSize
            if cells < b.cellCount { available.append(b) }
        }
        blocks = kept
        nextAvailable = 0
        touched = []
        resetCursor()
        return marked
    }

    private mutating func resetCursor() {
        current = nil
        nextCell = 0
        top = 0
        limit = 0
    }
}
