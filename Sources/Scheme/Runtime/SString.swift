#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutable Scheme string: its characters in a buffer, so `string-ref` and `string-set!` are O(1).
///
/// Narrow or wide: while every character is below U+0100 (nearly every string: names, generated
/// code, numbers) a character takes one byte, else four (a Unicode scalar value). Why: the
/// generated text of a layout is held in strings; at four bytes a character, 7.8 MB of output for
/// 10,000 views was 31 MB of strings, the largest share of the memory the run touched (and every
/// page touched is zeroed by the kernel first; bench/README.md, "Narrow strings"). A string made
/// narrow stays narrow until `string-set!` stores a character at or above U+0100, which widens it
/// in place; a wide string is not narrowed again. Two strings with the same characters are equal
/// and hash alike whatever their widths.
public final class SString: HeapObject {
    /// The characters: `count` bytes, or `count` `UInt32`s when `isWide`; from malloc, freed by
    /// `deinit`. Why not an array: on Linux every allocation of an array of a standard-library
    /// element type looked up its storage class's generic metadata in the runtime's hash table,
    /// about 600 instructions (measured: a raw allocation costs a fifth of an array's), and
    /// `string-append` alone made 60,000 arrays for a layout of 10,000 views. Unchecked
    /// exclusivity, as `Bytevector.bytes`: no access to it calls out to code that could reach the same
    /// string while it lasts.
    @exclusivity(unchecked) private var storage: UnsafeMutableRawPointer?
    /// Whether the characters are four bytes each (some character is, or was, at or above U+0100).
    /// (A computed property over a private one: another module reading the stored property
    /// checked each access at run time, about 60 instructions, as if it were not unchecked.)
    public var isWide: Bool { wideFlag }
    @exclusivity(unchecked) private var wideFlag: Bool
    /// The number of characters (R7RS strings never change length).
    public let count: Int

    /// A string of `count` characters below U+0100 that `fill` writes (every one of them). The
    /// library's builtins check `count` against the heap limit first (`Runtime.reserve`,
    /// `allocationSize`); a host's count is the host's own. From malloc: `allocate(capacity:)` went
    /// through the runtime's aligned allocation, about 60 instructions more a string.
    init(narrowCount count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        self.count = max(0, count)
        self.wideFlag = false
        storage = SString.allocate(self.count, width: 1)
        super.init()
        fill(narrowBuffer)
    }

    /// A string of `count` Unicode scalar values that `fill` writes (every one of them), made
    /// narrow afterwards when every one is below U+0100.
    init(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
        self.count = max(0, count)
        self.wideFlag = true
        storage = SString.allocate(self.count, width: 4)
        super.init()
        fill(wideBuffer)
        narrowIfPossible()
    }

    /// A string of `scalars` (narrow when every one is below U+0100).
    public convenience init<C: Collection>(_ scalars: C) where C.Element == UInt32 {
        if scalars.allSatisfy({ $0 < 0x100 }) {
            self.init(narrowCount: scalars.count) { out in
                var i = 0
                for c in scalars where i < out.count { out[i] = UInt8(truncatingIfNeeded: c); i &+= 1 }
            }
        } else {
            self.init(wideCount: scalars.count) { out in _ = out.initialize(from: scalars) }
        }
    }

    /// A wide string of `count` scalars that `fill` writes (for characters known to need it).
    private init(wideCount count: Int, _ fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
        self.count = max(0, count)
        self.wideFlag = true
        storage = SString.allocate(self.count, width: 4)
        super.init()
        fill(wideBuffer)
    }

    public convenience init(_ string: String) {
        // ASCII (nearly every string a host makes: names, generated code) straight from its UTF-8
        // into the buffer; going through `scalars(of:)`'s array cost an array allocation more
        // (about 1,300 instructions a string made by an HTLL builtin, issue 19).
        var text = string
        let ascii = text.withUTF8 { bytes in
            var highBits: UInt8 = 0
            for b in bytes { highBits |= b }
            return highBits < 0x80
        }
        if ascii {
            self.init(narrowCount: text.utf8.count) { out in
                text.withUTF8 { bytes in
                    if let from = bytes.baseAddress, let to = out.baseAddress { to.update(from: from, count: min(bytes.count, out.count)) }
                }
            }
        } else {
            self.init(text.unicodeScalars.map(\.value))
        }
    }

    deinit { free(storage) }

    /// `count` characters of `width` bytes (1 or 4) from malloc, bound to `UInt8` or `UInt32` (nil
    /// for none).
    private static func allocate(_ count: Int, width: Int) -> UnsafeMutableRawPointer? {
        guard count > 0 else { return nil }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: width)
        guard !overflow, let raw = malloc(bytes) else { fatalError("out of memory for a string of \(count) characters") }
        if width == 1 { _ = raw.bindMemory(to: UInt8.self, capacity: count) } else { _ = raw.bindMemory(to: UInt32.self, capacity: count) }
        return raw
    }

    /// The bytes of a narrow string (only while `!isWide`).
    private var narrowBuffer: UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(start: storage?.assumingMemoryBound(to: UInt8.self), count: storage == nil ? 0 : count)
    }

    /// The scalars of a wide string (only while `isWide`).
    private var wideBuffer: UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(start: storage?.assumingMemoryBound(to: UInt32.self), count: storage == nil ? 0 : count)
    }

    /// A wide string whose scalars are all below U+0100 made narrow (at its making only).
    private func narrowIfPossible() {
        let wide = wideBuffer
        var high: UInt32 = 0
        for c in wide { high |= c }
        guard high < 0x100 else { return }
        let narrow = SString.allocate(count, width: 1)
        if let bytes = narrow?.assumingMemoryBound(to: UInt8.self) { for i in 0..<count { bytes[i] = UInt8(truncatingIfNeeded: wide[i]) } }
        free(storage)
        storage = narrow
        self.wideFlag = false
    }

    /// A narrow string made wide, in place (`string-set!` of a character at or above U+0100).
    private func widen() {
        guard !isWide else { return }
        let narrow = narrowBuffer
        let wide = SString.allocate(count, width: 4)?.assumingMemoryBound(to: UInt32.self)
        if let wide { for i in 0..<count { wide[i] = UInt32(narrow[i]) } }
        free(storage)
        storage = wide.map { UnsafeMutableRawPointer($0) }
        self.wideFlag = true
    }

    /// The character at `i` (which the caller has checked is below `count`); storing one at or above
    /// U+0100 into a narrow string widens it.
    public subscript(i: Int) -> UInt32 {
        get { isWide ? wideBuffer[i] : UInt32(narrowBuffer[i]) }
        set {
            if !isWide && newValue >= 0x100 { widen() }
            if isWide { wideBuffer[i] = newValue } else { narrowBuffer[i] = UInt8(truncatingIfNeeded: newValue) }
        }
    }

    /// A copy of the scalars.
    public var scalars: [UInt32] { withStorage(narrow: { $0.map(UInt32.init) }, wide: { Array($0) }) }

    /// The characters in `range` (checked by the caller) as a new string: narrow when they all
    /// are below U+0100, as every string made is.
    func copy(_ range: Range<Int>) -> SString {
        if isWide {
            let from = wideBuffer
            return SString(count: range.count) { out in
                for k in 0..<out.count { out[k] = from[range.lowerBound &+ k] }
            }
        }
        let from = narrowBuffer
        return SString(narrowCount: range.count) { out in
            if let f = from.baseAddress, let t = out.baseAddress { t.update(from: f + range.lowerBound, count: out.count) }
        }
    }

    /// Whether two strings have the same scalars (`string=?`, `equal?`), compared as memory when
    /// they have the same width.
    static func sameScalars(_ s: Unmanaged<SString>, _ t: Unmanaged<SString>) -> Bool {
        s._withUnsafeGuaranteedRef { a in
            t._withUnsafeGuaranteedRef { b in
                guard a.count == b.count else { return false }
                guard let x = a.storage, let y = b.storage else { return true }
                if a.isWide == b.isWide { return memcmp(x, y, a.count &* (a.isWide ? 4 : 1)) == 0 }
                for i in 0..<a.count where a[i] != b[i] { return false }
                return true
            }
        }
    }

    /// Calls `narrow` with the bytes of a narrow string, or `wide` with the scalars of a wide one
    /// (valid only during the call): the two ways to read a string without copying it.
    public func withStorage<R>(narrow: (UnsafeBufferPointer<UInt8>) throws -> R,
                               wide: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        isWide ? try wide(UnsafeBufferPointer(wideBuffer)) : try narrow(UnsafeBufferPointer(narrowBuffer))
    }

    /// Calls `body` with the scalars (valid only during the call): in place for a wide string, a
    /// copy for a narrow one. `withStorage` reads either in place.
    public func withScalars<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        if isWide { return try body(UnsafeBufferPointer(wideBuffer)) }
        // (The copy from malloc, not `withUnsafeTemporaryAllocation`: called from another module,
        // where R is not specialized, that asked the runtime for `Result<R, Error>`'s metadata at
        // each call, about 340 instructions, more than the allocation. Nor `allocate(capacity:)`,
        // which goes through the runtime's aligned allocation, `posix_memalign` here.)
        guard let raw = malloc(Swift.max(count, 1) &* 4) else { fatalError("out of memory for a copy of a string") }
        defer { free(raw) }
        let copy = raw.bindMemory(to: UInt32.self, capacity: Swift.max(count, 1))
        copyScalars(to: copy)
        return try body(UnsafeBufferPointer(start: copy, count: count))
    }

    /// Copies the characters, as scalars, to `out` (which has room for `count` of them).
    public func copyScalars(to out: UnsafeMutablePointer<UInt32>) {
        guard let storage else { return }
        if isWide { out.update(from: storage.assumingMemoryBound(to: UInt32.self), count: count); return }
        let bytes = storage.assumingMemoryBound(to: UInt8.self)
        for i in 0..<count { out[i] = UInt32(bytes[i]) }
    }

    /// Copies the characters of a narrow string to `out` (which has room for `count` bytes); a wide
    /// string copies nothing.
    public func copyBytes(to out: UnsafeMutablePointer<UInt8>) {
        guard let storage, !isWide else { return }
        out.update(from: storage.assumingMemoryBound(to: UInt8.self), count: count)
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

    /// The contents as a Swift string.
    public var string: String {
        // Most strings (generated code above all) are ASCII: their bytes in one pass. Appending
        // scalar by scalar cost about 500 instructions per character, an eighth of printing the
        // frame code of 1,500 nested views.
        if !isWide {
            let bytes = narrowBuffer
            var high: UInt8 = 0
            for b in bytes { high |= b }
            if high < 0x80 {
                return String(unsafeUninitializedCapacity: bytes.count) { out in
                    if let f = bytes.baseAddress, let t = out.baseAddress { t.update(from: f, count: bytes.count) }
                    return bytes.count
                }
            }
        }
        var s = String.UnicodeScalarView()
        for i in 0..<count { if let u = Unicode.Scalar(self[i]) { s.append(u) } }
        return String(s)
    }

    public override var byteSize: Int { 48 + count * (isWide ? 4 : 1) }
    public override var typeName: String { "string" }
    override var hasWriteBarrier: Bool { true }  // (characters only)
}

/// Where a datum was read: file, line and column, packed into one word.
public struct SourceLocation: Equatable, Sendable {
    /// 0 for "unknown"; else file index (16 bits) | line (24 bits) | column (24 bits).
    ///
    /// Why 24 bits each: a 1 MB string literal on one line (hostile input, issue 8) must still report
    /// its real column; 16 bits capped columns at 65,535. Lines and columns past 16,777,215 (a 16 MB
    /// line or file) saturate there.
    public let packed: UInt64

    /// The largest line or column a location holds exactly.
    public static let maxLineOrColumn = 0xFF_FFFF

    public static let none = SourceLocation(packed: 0)

    public init(packed: UInt64) { self.packed = packed }

    public init(file: Int, line: Int, column: Int) {
        let f = UInt64(min(max(file, 0), 0xFFFF))
        let l = UInt64(min(max(line, 0), Self.maxLineOrColumn))
        let c = UInt64(min(max(column, 0), Self.maxLineOrColumn))
        packed = (f << 48) | (l << 24) | c
    }

    public var isKnown: Bool { packed != 0 }
    public var file: Int { Int(packed >> 48) }
    public var line: Int { Int((packed >> 24) & 0xFF_FFFF) }
    public var column: Int { Int(packed & 0xFF_FFFF) }
}
