#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutable Scheme string: an array of Unicode scalars, so `string-ref` and `string-set!` are O(1).
public final class SString: HeapObject {
    /// The scalars, in a buffer the string owns: R7RS strings never change length, so the buffer
    /// is allocated once, at the exact size. Why not `[UInt32]`: on Linux every allocation of an
    /// array of a standard-library element type looked up its storage class's generic metadata
    /// in the runtime's hash table, about 600 instructions (measured: a `ManagedBuffer` or a raw
    /// allocation costs a fifth of an array's), and `string-append` alone made 60,000 arrays for
    /// a layout of 10,000 views. Unchecked exclusivity, as `SVector.items`: no access to it calls
    /// out to code that could reach the same string while it lasts.
    @exclusivity(unchecked) let buffer: UnsafeMutableBufferPointer<UInt32>

    /// A string of `count` scalars that `fill` writes (every one of them). The library's builtins
    /// check `count` against the heap limit first (`Runtime.reserve`, `allocationSize`); a host's
    /// count (`Scheme.string(count:_:)`) is the host's own, its byte count checked for overflow.
    /// From malloc: `allocate(capacity:)` went through the runtime's aligned allocation, about
    /// 60 instructions more a string (string-append makes 40,000 for 10,000 labels, issue 19).
    init(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
        if count > 0 {
            let (bytes, overflow) = count.multipliedReportingOverflow(by: 4)
            guard !overflow, let raw = malloc(bytes) else { fatalError("out of memory for a string of \(count) characters") }
            buffer = UnsafeMutableBufferPointer(start: raw.bindMemory(to: UInt32.self, capacity: count), count: count)
        } else {
            buffer = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
        super.init()
        fill(buffer)
    }

    /// A string of `scalars`.
    public convenience init<C: Collection>(_ scalars: C) where C.Element == UInt32 {
        self.init(count: scalars.count) { out in _ = out.initialize(from: scalars) }
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
            self.init(count: text.utf8.count) { out in
                text.withUTF8 { bytes in for i in 0..<min(bytes.count, out.count) { out[i] = UInt32(bytes[i]) } }
            }
        } else {
            self.init(text.unicodeScalars.map(\.value))
        }
    }

    deinit { free(buffer.baseAddress) }

    /// The number of scalars.
    public var count: Int { buffer.count }

    /// A copy of the scalars.
    public var scalars: [UInt32] { Array(buffer) }

    /// Whether two strings have the same scalars (`string=?`, `equal?`), compared as memory.
    static func sameScalars(_ s: Unmanaged<SString>, _ t: Unmanaged<SString>) -> Bool {
        s._withUnsafeGuaranteedRef { a in
            t._withUnsafeGuaranteedRef { b in
                guard a.buffer.count == b.buffer.count else { return false }
                guard let x = a.buffer.baseAddress, let y = b.buffer.baseAddress else { return true }
                return memcmp(x, y, a.buffer.count &* 4) == 0
            }
        }
    }

    /// Calls `body` with the scalars in place (valid only during the call).
    public func withScalars<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(buffer))
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
        let scalars = buffer
        if scalars.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: scalars.count) { bytes in
                for (i, c) in scalars.enumerated() { bytes[i] = UInt8(truncatingIfNeeded: c) }
                return scalars.count
            }
        }
        var s = String.UnicodeScalarView()
        for c in scalars { if let u = Unicode.Scalar(c) { s.append(u) } }
        return String(s)
    }

    public override var byteSize: Int { 48 + buffer.count * 4 }
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
