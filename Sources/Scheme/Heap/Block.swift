// A 256 KB block of the block heap and its header area (docs/heap-design.md, "The heap").

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a block holds.
enum BlockKind: UInt8 {
    /// 16-byte pair cells (car, cdr), no header.
    case pair = 1
    /// 8-byte flonum cells: leaves, never scanned.
    case flonum
    /// Headered objects of one size class.
    case object
    /// One object over 8 KB, alone in a run of blocks.
    case large
}

/// A view of one block through its base address: the header fields, the card table and the mark
/// bitmap, all at fixed offsets so the write barrier and the marker need no table lookup.
///
/// Layout of a block (every block starts at a multiple of 256 KB):
///
/// | offset | bytes | what |
/// |---|---|---|
/// | 0 | 256 | header fields (kind, cell size, first cell, cell count, bytes, large mark) |
/// | 256 | 512 (large: bytes / 512) | card table: one byte per 512-byte card, set by the barrier |
/// | 768 | 2 KB (flonum: 4 KB) | mark bitmap: one bit per granule (16 bytes; flonum: 8) |
/// | first cell | … | the cells |
///
/// Why a bit per granule rather than per cell: the bit of an address is `(address − base) >> 4`,
/// a shift instead of a division by the cell size; an object's bit is its first granule's.
struct Block: Equatable {
    /// The block's first byte (a multiple of `Block.size`).
    let base: UnsafeMutableRawPointer

    /// Wraps the block starting at `base`.
    @inline(__always) init(base: UnsafeMutableRawPointer) { self.base = base }

    /// The block that holds `address` (or, for a large object, its header word).
    @inline(__always) init(containing address: UnsafeMutableRawPointer) {
        base = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: address) & ~Block.mask).unsafelyUnwrapped
    }

    static let shift = 18
    /// 256 KB.
    static let size = 1 << shift
    static let mask = UInt(size - 1)
    static let cardShift = 9
    /// Bytes covered by one card byte.
    static let cardBytes = 1 << cardShift
    static let cardsOffset = 256
    static let cardsPerBlock = size >> cardShift
    static let bitmapOffset = cardsOffset + cardsPerBlock
    /// The largest object kept in a size-class block; larger ones are large objects.
    static let maxSmallObject = 8192

    // Header field offsets.
    private static let kindOffset = 0
    private static let granuleShiftOffset = 1
    private static let sizeClassOffset = 2
    private static let largeMarkOffset = 3
    private static let cellSizeOffset = 8
    private static let firstCellOffset = 16
    private static let cellCountOffset = 24
    private static let bytesOffset = 32

    /// What the block holds.
    @inline(__always) var kind: BlockKind? { BlockKind(rawValue: base.load(fromByteOffset: Block.kindOffset, as: UInt8.self)) }
    /// log2 of the bytes per mark bit: 4, or 3 in flonum blocks.
    @inline(__always) var granuleShift: Int { Int(base.load(fromByteOffset: Block.granuleShiftOffset, as: UInt8.self)) }
    /// The size class index of an object block.
    @inline(__always) var sizeClass: Int { Int(base.load(fromByteOffset: Block.sizeClassOffset, as: UInt8.self)) }
    /// Bytes per cell (for a large block: the whole run).
    @inline(__always) var cellSize: Int { base.load(fromByteOffset: Block.cellSizeOffset, as: Int.self) }
    /// Offset of the first cell (for a large block: of the object).
    @inline(__always) var firstCell: Int { base.load(fromByteOffset: Block.firstCellOffset, as: Int.self) }
    /// Cells in the block (1 for a large block).
    @inline(__always) var cellCount: Int { base.load(fromByteOffset: Block.cellCountOffset, as: Int.self) }
    /// Bytes mapped for the block (`Block.size`, or the run of a large object).
    @inline(__always) var bytes: Int { base.load(fromByteOffset: Block.bytesOffset, as: Int.self) }

    /// The mark bit of a large object (kept in its block's header: one object, one bit).
    @inline(__always) var largeMark: Bool {
        get { base.load(fromByteOffset: Block.largeMarkOffset, as: UInt8.self) != 0 }
        nonmutating set { base.storeBytes(of: newValue ? 1 : 0, toByteOffset: Block.largeMarkOffset, as: UInt8.self) }
    }

    /// The card table.
    @inline(__always) var cards: UnsafeMutablePointer<UInt8> {
        (base + Block.cardsOffset).assumingMemoryBound(to: UInt8.self)
    }
    /// Card bytes in the table.
    var cardCount: Int { bytes >> Block.cardShift }
    /// The mark bitmap, as 64-bit words.
    @inline(__always) var bitmap: UnsafeMutablePointer<UInt64> {
        (base + Block.bitmapOffset).assumingMemoryBound(to: UInt64.self)
    }
    /// Bytes of the mark bitmap.
    var bitmapBytes: Int { (Block.size >> granuleShift) >> 3 }

    /// Writes the header of a fresh small block and clears its cards and bitmap (a block from the
    /// pool may hold an earlier life's bits).
    func format(kind: BlockKind, cellSize: Int, sizeClass: Int) {
        let shift = kind == .flonum ? 3 : 4
        let bitmapBytes = (Block.size >> shift) >> 3
        let first = (Block.bitmapOffset + bitmapBytes + cellSize - 1) / cellSize * cellSize
        memset(base, 0, Block.bitmapOffset + bitmapBytes)
        base.storeBytes(of: kind.rawValue, toByteOffset: Block.kindOffset, as: UInt8.self)
        base.storeBytes(of: UInt8(shift), toByteOffset: Block.granuleShiftOffset, as: UInt8.self)
        base.storeBytes(of: UInt8(truncatingIfNeeded: sizeClass), toByteOffset: Block.sizeClassOffset, as: UInt8.self)
        base.storeBytes(of: cellSize, toByteOffset: Block.cellSizeOffset, as: Int.self)
        base.storeBytes(of: first, toByteOffset: Block.firstCellOffset, as: Int.self)
        base.storeBytes(of: (Block.size - first) / cellSize, toByteOffset: Block.cellCountOffset, as: Int.self)
        base.storeBytes(of: Block.size, toByteOffset: Block.bytesOffset, as: Int.self)
    }

    /// Where the object of a large block of `bytes` starts: after the header and the cards.
    static func largeObjectOffset(bytes: Int) -> Int {
        (cardsOffset + (bytes >> cardShift) + 15) & ~15
    }

    /// Writes the header of a large block of `bytes` and clears its cards.
    func formatLarge(bytes: Int) {
        let first = Block.largeObjectOffset(bytes: bytes)
        memset(base, 0, first)
        base.storeBytes(of: BlockKind.large.rawValue, toByteOffset: Block.kindOffset, as: UInt8.self)
        base.storeBytes(of: UInt8(4), toByteOffset: Block.granuleShiftOffset, as: UInt8.self)
        base.storeBytes(of: bytes, toByteOffset: Block.cellSizeOffset, as: Int.self)
        base.storeBytes(of: first, toByteOffset: Block.firstCellOffset, as: Int.self)
        base.storeBytes(of: 1, toByteOffset: Block.cellCountOffset, as: Int.self)
        base.storeBytes(of: bytes, toByteOffset: Block.bytesOffset, as: Int.self)
    }

    // MARK: cells and mark bits

    /// The address of cell `i`.
    @inline(__always) func cell(_ i: Int) -> UnsafeMutableRawPointer { base + firstCell + i * cellSize }

    /// Whether the mark bit of the granule at `address` is set.
    @inline(__always) static func isMarked(_ address: UnsafeMutableRawPointer, shift: Int) -> Bool {
        let a = UInt(bitPattern: address)
        let bit = Int((a & mask) >> UInt(shift))
        let word = UnsafePointer<UInt64>(bitPattern: (a & ~mask) + UInt(bitmapOffset)).unsafelyUnwrapped[bit >> 6]
        return word & (1 << UInt64(bit & 63)) != 0
    }

    /// Sets the mark bit of the granule at `address`; false when it was set already.
    @inline(__always) static func setMark(_ address: UnsafeMutableRawPointer, shift: Int) -> Bool {
        let a = UInt(bitPattern: address)
        let bit = Int((a & mask) >> UInt(shift))
        let words = UnsafeMutablePointer<UInt64>(bitPattern: (a & ~mask) + UInt(bitmapOffset)).unsafelyUnwrapped
        let m: UInt64 = 1 << UInt64(bit & 63)
        let w = words[bit >> 6]
        if w & m != 0 { return false }
        words[bit >> 6] = w | m
        return true
    }

    /// Whether cell `i` is marked (in use after the last collection).
    @inline(__always) func isCellMarked(_ i: Int) -> Bool {
        Block.isMarked(cell(i), shift: granuleShift)
    }

    /// Marked cells (each cell has one bit set: its first granule's).
    func markedCells() -> Int {
        var n = 0
        let w = bitmap
        for i in 0..<(bitmapBytes >> 3) { n += w[i].nonzeroBitCount }
        return n
    }

    /// Clears every mark bit.
    func clearMarks() { memset(base + Block.bitmapOffset, 0, bitmapBytes) }

    /// Clears every card.
    func clearCards() { memset(base + Block.cardsOffset, 0, cardCount) }

    // MARK: the write barrier

    /// Records that a pointer was stored into `slot` of the object at `object` (the pair cell or the
    /// header): sets the card byte of the slot. Why the object's address finds the block: a large
    /// object's slots may lie past its first 256 KB, its header never does.
    @inline(__always) static func recordStore(object: UnsafeMutableRawPointer, slot: UnsafeMutableRawPointer) {
        let o = UInt(bitPattern: object)
        let blockBase = o & ~mask
        let card = (UInt(bitPattern: slot) &- blockBase) >> UInt(cardShift)
        UnsafeMutablePointer<UInt8>(bitPattern: blockBase + UInt(cardsOffset) + card).unsafelyUnwrapped.pointee = 1
    }
}

/// The size classes of object blocks: cells of 16 bytes × k up to 8 KB, growing by about 1/8 so at
/// most 12.5% is lost inside a cell (16, 32, …, 128, then 4 steps per doubling up to 8192).
enum SizeClasses {
    /// Cell bytes of each class, ascending.
    static let sizes: [Int] = {
        var s = Array(stride(from: 16, through: 128, by: 16))
        var step = 32
        while s.last.unsafelyUnwrapped < Block.maxSmallObject {
            for _ in 0..<4 { s.append(s.last.unsafelyUnwrapped + step) }
            step *= 2
        }
        return s
    }()

    /// For each multiple of 16 bytes up to 8 KB (index bytes/16), the smallest class that fits.
    private static let classOf: [UInt8] = {
        var t = [UInt8](repeating: 0, count: Block.maxSmallObject / 16 + 1)
        var c = 0
        for i in 0..<t.count {
            while sizes[c] < i * 16 { c += 1 }
            t[i] = UInt8(c)
        }
        return t
    }()

    /// The class of an object of `bytes` (≤ 8 KB), as an index into `sizes`.
    @inline(__always) static func index(forBytes bytes: Int) -> Int {
        Int(classOf[(bytes + 15) >> 4])
    }
}
