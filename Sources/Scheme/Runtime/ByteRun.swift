#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes in the pair space: the layout strings (`SString`) and bytevectors (`SBytevector`) share.
///
/// A head cell whose bytes 0–7 hold a word (`length << 1 | wide`: a string's count and width, a
/// bytevector's length) and bytes 8–15 the storage. Up to `longestInCells` bytes the storage is a
/// run of data cells holding 16 bytes each (byte `b` at cell `b / 16`, offset `b % 16`: the cells'
/// bookkeeping bytes stay the heap's), taken by the pair space's cursor and free again, with no
/// sweep, once a collection does not reach the head; past that it is one `ByteStorage` (a malloc'd
/// buffer, a Swift object the heap owns). The head and the data cells carry `Pair.leafFlag`: the
/// marker sets their marks without reading their fields, so no byte is ever taken for a value,
/// whichever way a cell is reached (a protecting run's walk marks every cell in use one by one); the
/// head also carries `Pair.bytesHeadFlag`, and marking it marks the storage (`Marker.markStorage`).
///
/// Why cells (issue 17): a Swift object per string cost a malloc for the object and one for its
/// characters, a slot in the heap's object array, a sweep, two frees and the releases on the way.
/// Why 16 bytes a cell and not contiguous text: every cell keeps its mark and flags where the
/// allocator, the collector and the protecting runs read them; a reader that needs contiguous
/// bytes gets a copy in the heap's scratch buffer (`withContiguousBytes`).
struct ByteRun: Hashable, BitwiseCopyable {
    /// The head cell.
    let head: Pair

    @inline(__always) init(head: Pair) { self.head = head }

    /// Bytes a data cell holds (its fields' first 16 bytes).
    static let bytesPerCell = 16
    /// The most bytes kept in cells; more go in a `ByteStorage`.
    static let longestInCells = CellRun.longestInCells * bytesPerCell
    /// Where the head keeps the storage's address.
    private static let storageOffset = 8

    /// `length << 1 | wide`: the number of elements, and whether each takes four bytes (a wide
    /// string's characters) or one (a narrow string's, a bytevector's).
    @inline(__always) var word: Int { head.cell.load(as: Int.self) }

    /// The bytes the elements take.
    @inline(__always) var byteCount: Int { let w = word; return (w >> 1) << ((w & 1) << 1) }

    /// The first data cell, or the `ByteStorage` (as the byte count says); unused when empty.
    @inline(__always) var storage: UnsafeMutableRawPointer {
        head.cell.load(fromByteOffset: ByteRun.storageOffset, as: UnsafeMutableRawPointer.self)
    }

    /// The bytes of a long run (more than `longestInCells`), contiguous.
    @inline(__always) var longBytes: UnsafeMutableRawPointer {
        Unmanaged<ByteStorage>.fromOpaque(storage)._withUnsafeGuaranteedRef { $0.bytes }
    }

    /// Where byte `b` is, from the first data cell.
    @inline(__always) static func cellOffset(_ b: Int) -> Int {
        (b >> 4) &* Pair.cellBytes &+ (b & 15)
    }

    /// The cells `bytes` bytes take.
    @inline(__always) static func cells(_ bytes: Int) -> Int { (bytes &+ 15) >> 4 }

    /// The address of byte `b` of a run of `bytes` bytes (`b` below it).
    @inline(__always) func address(ofByte b: Int, of bytes: Int) -> UnsafeMutableRawPointer {
        bytes <= ByteRun.longestInCells ? storage + ByteRun.cellOffset(b) : longBytes + b
    }

    /// Copies bytes `start..<start + n` of a run of `bytes` bytes to `out`.
    func copyBytes(_ start: Int, _ n: Int, of bytes: Int, to out: UnsafeMutableRawPointer) {
        guard n > 0 else { return }
        if bytes > ByteRun.longestInCells { out.copyMemory(from: longBytes + start, byteCount: n); return }
        let data = storage
        var b = start, done = 0
        while done < n {
            let piece = min(ByteRun.bytesPerCell &- (b & 15), n &- done)
            if piece == ByteRun.bytesPerCell {
                ByteRun.move16(from: data + ByteRun.cellOffset(b), to: out + done)
            } else {
                (out + done).copyMemory(from: data + ByteRun.cellOffset(b), byteCount: piece)
            }
            b &+= piece
            done &+= piece
        }
    }

    /// Copies 16 bytes as two words. Why: a call to memcpy per cell was most of the cost of
    /// copying a string's characters in or out (a layout of 2,000 views: 0.8% more instructions
    /// than with one buffer per string).
    @inline(__always) static func move16(from: UnsafeRawPointer, to: UnsafeMutableRawPointer) {
        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
    }

    /// Calls `body` with the `bytes` bytes, contiguous (valid only during the call): a long run's
    /// in place, a short one's copied to its heap's scratch buffer (malloc'd when that is in use).
    func withContiguousBytes<R>(_ bytes: Int, _ body: (UnsafeRawPointer) throws -> R) rethrows -> R {
        if bytes > ByteRun.longestInCells { return try body(longBytes) }
        return try Heap.withOwner(of: head) { heap in
            try heap.withScratch(bytes) { raw in
                copyBytes(0, bytes, of: bytes, to: raw)
                return try body(raw)
            }
        }
    }

    /// Whether two runs of `bytes` bytes each hold the same bytes.
    static func sameBytes(_ a: ByteRun, _ b: ByteRun, _ bytes: Int) -> Bool {
        if a.head == b.head || bytes == 0 { return true }
        if bytes > longestInCells { return memcmp(a.longBytes, b.longBytes, bytes) == 0 }
        // Same length, so the same cells: compared cell by cell.
        var x = a.storage, y = b.storage, left = bytes
        while left > 0 {
            let piece = min(bytesPerCell, left)
            if memcmp(x, y, piece) != 0 { return false }
            x += Pair.cellBytes
            y += Pair.cellBytes
            left &-= piece
        }
        return true
    }

    /// A run of the `bytes` bytes at `raw` under a head holding `word`.
    static func make(word: Int, _ raw: UnsafeRawPointer, bytes: Int, in heap: Heap) -> ByteRun {
        makeHead(word: word, storage: makeStorage(raw, bytes: bytes, heap), heap)
    }

    /// A run of `bytes` bytes under a head holding `word`, which `fill` writes (every one of them)
    /// where they will stay when long, in the scratch buffer when short.
    static func make(word: Int, bytes: Int, in heap: Heap, _ fill: (UnsafeMutableRawPointer) -> Void) -> ByteRun {
        if bytes > longestInCells {
            let long = heap.own(ByteStorage(count: bytes))
            fill(long.bytes)
            return makeHead(word: word, storage: Unmanaged.passUnretained(long).toOpaque(), heap)
        }
        return heap.withScratch(bytes) { raw in
            fill(raw)
            return make(word: word, raw, bytes: bytes, in: heap)
        }
    }

    /// A storage holding the `bytes` bytes at `raw`: data cells, or a `ByteStorage` when long.
    static func makeStorage(_ raw: UnsafeRawPointer, bytes: Int, _ heap: Heap) -> UnsafeMutableRawPointer {
        if bytes > longestInCells {
            let long = heap.own(ByteStorage(count: bytes))
            long.bytes.copyMemory(from: raw, byteCount: bytes)
            return Unmanaged.passUnretained(long).toOpaque()
        }
        let n = cells(bytes)
        if n == 0 { return Heap.noPairBlock }  // (never read: the run is empty)
        let first = n == 1 ? heap.cell(.null, .null).cell : heap.pairCellRun(n)
        var cell = first, b = 0
        for _ in 0..<n {
            if bytes &- b >= bytesPerCell { move16(from: raw + b, to: cell) } else { cell.copyMemory(from: raw + b, byteCount: bytes &- b) }
            cell.storeBytes(of: Pair.leafFlag, toByteOffset: Pair.flagsOffset, as: UInt8.self)
            cell += Pair.cellBytes
            b &+= bytesPerCell
        }
        return first
    }

    /// A head holding `word` and `storage`.
    private static func makeHead(word: Int, storage: UnsafeMutableRawPointer, _ heap: Heap) -> ByteRun {
        let head = heap.cell(.null, .null)
        head.cell.storeBytes(of: word, as: Int.self)
        head.cell.storeBytes(of: storage, toByteOffset: storageOffset, as: UnsafeMutableRawPointer.self)
        head.flags = Pair.leafFlag | Pair.bytesHeadFlag
        return ByteRun(head: head)
    }

    /// Puts `storage`, just made, under this head with `word` (a string widened in place). An old
    /// head is not marked again by a minor collection: it joins the remembered set, whose tracing
    /// marks the young storage.
    func replace(word: Int, storage: UnsafeMutableRawPointer, _ heap: Heap) {
        head.cell.storeBytes(of: word, as: Int.self)
        head.cell.storeBytes(of: storage, toByteOffset: ByteRun.storageOffset, as: UnsafeMutableRawPointer.self)
        if head.flags & (Pair.oldFlag | Pair.rememberedFlag) == Pair.oldFlag { heap.remember(head) }
    }
}
