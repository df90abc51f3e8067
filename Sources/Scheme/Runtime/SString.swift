#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutable Scheme string: a `ByteRun` in the pair space (a head cell holding the length and
/// where the characters are), so `string-ref` and `string-set!` are O(1).
///
/// Narrow or wide: while every character is below U+0100 (nearly every string: names, generated
/// code, numbers) a character takes one byte, else four (a Unicode scalar value). Why: the
/// generated text of a layout is held in strings; at four bytes a character, 7.8 MB of output for
/// 10,000 views was 31 MB of strings (bench/README.md, "Narrow strings"). A string made narrow
/// stays narrow until `string-set!` stores a character at or above U+0100, which widens it in
/// place (a new storage under the same head, so the same string); a wide string is not narrowed
/// again. Two strings with the same characters are equal and hash alike whatever their widths.
/// The head's word is `count << 1 | wide`.
public struct SString: Hashable, BitwiseCopyable {
    /// The head cell and the characters' storage.
    let run: ByteRun

    @inline(__always) init(_ run: ByteRun) { self.run = run }

    /// The head cell.
    @inline(__always) var head: Pair { run.head }

    // MARK: reading

    /// `count << 1 | wide`.
    @inline(__always) private var word: Int { run.word }

    /// The number of characters (R7RS strings never change length).
    @inline(__always) public var count: Int { word >> 1 }

    /// Whether the characters are four bytes each (some character is, or was, at or above U+0100).
    @inline(__always) public var isWide: Bool { word & 1 != 0 }

    /// The bytes the characters take: `count`, or `4 * count` when wide.
    @inline(__always) var byteCount: Int { run.byteCount }

    /// The character at `i` (which the caller has checked is below `count`); storing one at or above
    /// U+0100 into a narrow string widens it.
    public subscript(i: Int) -> UInt32 {
        @inline(__always) get {
            let w = word, n = w >> 1
            // (A wide character is 4-byte aligned: a cell is 8-byte aligned and 16 bytes hold four.)
            if w & 1 == 0 { return UInt32(run.address(ofByte: i, of: n).load(as: UInt8.self)) }
            return run.address(ofByte: i &<< 2, of: n &<< 2).load(as: UInt32.self)
        }
        nonmutating set {
            if newValue >= 0x100 && !isWide { widen() }
            let w = word, n = w >> 1
            if w & 1 == 0 {
                run.address(ofByte: i, of: n).storeBytes(of: UInt8(truncatingIfNeeded: newValue), as: UInt8.self)
            } else {
                run.address(ofByte: i &<< 2, of: n &<< 2).storeBytes(of: newValue, as: UInt32.self)
            }
        }
    }

    /// Copies bytes `start..<start + n` of the characters (within `byteCount`) to `out`.
    @inline(__always) func copyRawBytes(_ start: Int, _ n: Int, to out: UnsafeMutableRawPointer) {
        run.copyBytes(start, n, of: byteCount, to: out)
    }

    /// Calls `narrow` with the bytes of a narrow string, or `wide` with the scalars of a wide one
    /// (valid only during the call): the two ways to read a string without converting it.
    public func withStorage<R>(narrow: (UnsafeBufferPointer<UInt8>) throws -> R,
                               wide: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        let n = count, isWide = isWide
        return try run.withContiguousBytes(byteCount) { raw in
            isWide ? try wide(UnsafeBufferPointer(start: raw.assumingMemoryBound(to: UInt32.self), count: n))
                   : try narrow(UnsafeBufferPointer(start: raw.assumingMemoryBound(to: UInt8.self), count: n))
        }
    }

    /// Calls `body` with the scalars (valid only during the call).
    public func withScalars<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        let n = count
        if isWide { return try run.withContiguousBytes(byteCount) { try body(UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt32.self), count: n)) } }
        return try Heap.withOwner(of: head) { heap in
            try heap.withScratch(n &* 4) { raw in
                let copy = raw.bindMemory(to: UInt32.self, capacity: n)
                copyScalars(to: copy)
                return try body(UnsafeBufferPointer(start: copy, count: n))
            }
        }
    }

    /// A copy of the scalars.
    public var scalars: [UInt32] {
        [UInt32](unsafeUninitializedCapacity: count) { out, n in
            if let base = out.baseAddress { copyScalars(to: base) }
            n = count
        }
    }

    /// Copies the characters, as scalars, to `out` (which has room for `count` of them).
    public func copyScalars(to out: UnsafeMutablePointer<UInt32>) {
        if isWide { copyRawBytes(0, byteCount, to: UnsafeMutableRawPointer(out)); return }
        let n = count
        if n > ByteRun.longestInCells {
            let bytes = run.longBytes.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n { out[i] = UInt32(bytes[i]) }
            return
        }
        let data = run.storage
        var i = 0
        while i < n {
            let cell = data + (i >> 4) &* Pair.cellBytes
            for k in 0..<min(16, n &- i) { out[i &+ k] = UInt32(cell.load(fromByteOffset: k, as: UInt8.self)) }
            i &+= 16
        }
    }

    /// Copies the characters of a narrow string to `out` (which has room for `count` bytes); a wide
    /// string copies nothing.
    public func copyBytes(to out: UnsafeMutablePointer<UInt8>) {
        guard !isWide else { return }
        copyRawBytes(0, count, to: UnsafeMutableRawPointer(out))
    }

    /// Whether two strings have the same scalars (`string=?`, `equal?`), compared as memory when
    /// they have the same width.
    public static func sameScalars(_ a: SString, _ b: SString) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        if a == b || n == 0 { return true }
        guard a.isWide == b.isWide else {
            for i in 0..<n where a[i] != b[i] { return false }
            return true
        }
        return ByteRun.sameBytes(a.run, b.run, a.byteCount)
    }

    /// The contents as a Swift string.
    public var string: String {
        // Most strings (generated code above all) are ASCII: their bytes in one pass. Appending
        // scalar by scalar cost about 500 instructions per character, an eighth of printing the
        // frame code of 1,500 nested views.
        withStorage(narrow: { bytes in
            var high: UInt8 = 0
            for b in bytes { high |= b }
            if high < 0x80 {
                return String(unsafeUninitializedCapacity: bytes.count) { out in
                    if let f = bytes.baseAddress, let t = out.baseAddress { t.update(from: f, count: bytes.count) }
                    return bytes.count
                }
            }
            var s = String.UnicodeScalarView()
            for b in bytes { s.append(Unicode.Scalar(b)) }
            return String(s)
        }, wide: { scalars in
            var s = String.UnicodeScalarView()
            for c in scalars { if let u = Unicode.Scalar(c) { s.append(u) } }
            return String(s)
        })
    }

    /// The address, for identity-keyed tables.
    @inline(__always) func toOpaque() -> UnsafeMutableRawPointer { run.head.cell }

    // MARK: making

    /// A string of `count` characters below U+0100 that `fill` writes (every one of them). The
    /// library's builtins check `count` against the heap limit first (`Runtime.reserve`,
    /// `allocationSize`); a host's count is the host's own. Allocation never collects.
    static func make(narrowCount count: Int, in heap: Heap, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> SString {
        let n = max(0, count)
        return SString(ByteRun.make(word: n << 1, bytes: n, in: heap) { raw in
            fill(UnsafeMutableBufferPointer(start: raw.bindMemory(to: UInt8.self, capacity: n), count: n))
        })
    }

    /// A string of `count` Unicode scalar values that `fill` writes (every one of them), made
    /// narrow when every one is below U+0100.
    static func make(count: Int, in heap: Heap, _ fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) -> SString {
        let n = max(0, count)
        let (bytes, overflow) = n.multipliedReportingOverflow(by: 4)
        guard !overflow else { fatalError("out of memory for a string of \(n) characters") }
        return heap.withScratch(bytes) { raw in
            fill(UnsafeMutableBufferPointer(start: raw.bindMemory(to: UInt32.self, capacity: n), count: n))
            var high: UInt32 = 0
            for i in 0..<n { high |= raw.load(fromByteOffset: i &<< 2, as: UInt32.self) }
            if high < 0x100 {
                // Narrowed in place: byte i is written after scalar i is read.
                for i in 0..<n {
                    let c = raw.load(fromByteOffset: i &<< 2, as: UInt32.self)
                    raw.storeBytes(of: UInt8(truncatingIfNeeded: c), toByteOffset: i, as: UInt8.self)
                }
                return make(raw, count: n, wide: false, in: heap)
            }
            return make(raw, count: n, wide: true, in: heap)
        }
    }

    /// A string of `scalars` (narrow when every one is below U+0100).
    static func make<C: Collection>(_ scalars: C, in heap: Heap) -> SString where C.Element == UInt32 {
        make(count: scalars.count, in: heap) { out in
            var i = 0
            for c in scalars where i < out.count { out[i] = c; i &+= 1 }
        }
    }

    /// A string of the characters of `string`.
    static func make(_ string: String, in heap: Heap) -> SString {
        // ASCII (nearly every string a host makes: names, generated code) straight from its UTF-8.
        var text = string
        let ascii = text.withUTF8 { bytes in
            var highBits: UInt8 = 0
            for b in bytes { highBits |= b }
            return highBits < 0x80
        }
        if ascii {
            return make(narrowCount: text.utf8.count, in: heap) { out in
                text.withUTF8 { bytes in
                    if let from = bytes.baseAddress, let to = out.baseAddress { to.update(from: from, count: min(bytes.count, out.count)) }
                }
            }
        }
        return make(text.unicodeScalars.map(\.value), in: heap)
    }

    /// A string of the characters whose bytes (`count`, or `4 * count` when `wide`) are at `raw`.
    static func make(_ raw: UnsafeRawPointer, count: Int, wide: Bool, in heap: Heap) -> SString {
        SString(ByteRun.make(word: count << 1 | (wide ? 1 : 0), raw, bytes: count << (wide ? 2 : 0), in: heap))
    }

    /// The characters in `range` (checked by the caller) as a new string: narrow when they all
    /// are below U+0100, as every string made is.
    func copy(_ range: Range<Int>, in heap: Heap) -> SString {
        if isWide {
            return SString.make(count: range.count, in: heap) { out in
                for k in 0..<out.count { out[k] = self[range.lowerBound &+ k] }
            }
        }
        return SString.make(narrowCount: range.count, in: heap) { out in
            if let base = out.baseAddress { copyRawBytes(range.lowerBound, range.count, to: base) }
        }
    }

    /// A narrow string made wide, in place (`string-set!` of a character at or above U+0100): a
    /// new storage in the same head.
    @inline(never) private func widen() {
        let heap = Heap.owner(of: head)
        let n = count
        let wide = heap.withScratch(n &* 4) { raw in
            copyScalars(to: raw.bindMemory(to: UInt32.self, capacity: n))
            return ByteRun.makeStorage(raw, bytes: n &* 4, heap)
        }
        run.replace(word: n << 1 | 1, storage: wide, heap)
    }

    /// The Unicode scalar values of `string`: ASCII text (the preludes, file names, most programs)
    /// byte by byte from its contiguous UTF-8, without decoding (decoding scalar by scalar was 3% of
    /// start-up, and about 110 instructions a character of a string made from Swift).
    static func scalars(of string: String) -> [UInt32] {
        var text = string
        let ascii: [UInt32]? = text.withUTF8 { bytes in
            var highBits: UInt8 = 0
            let values = [UInt32](unsafeUninitializedCapacity: bytes.count) { buffer, count in
                for i in 0..<bytes.count {
                    highBits |= bytes[i]
                    buffer[i] = UInt32(bytes[i])
                }
                count = bytes.count
            }
            return highBits < 0x80 ? values : nil
        }
        return ascii ?? text.unicodeScalars.map(\.value)
    }
}
