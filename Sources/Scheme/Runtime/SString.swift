/// A mutable Scheme string: an array of Unicode scalars, so `string-ref` and `string-set!` are O(1).
public final class SString: HeapObject {
    /// Unchecked exclusivity: every builtin reads it, most several times (`string-append` once for
    /// each part's length and once to copy it), and each dynamic check cost about 60 instructions:
    /// 40 M of the 200 M a layout of 10,000 views spent appending strings (issue 19). No access
    /// to it calls out to code that could reach the same string while it lasts: the builtins read
    /// an argument's scalars before they mutate any.
    @exclusivity(unchecked) public var scalars: [UInt32]

    public init(_ scalars: [UInt32]) { self.scalars = scalars }

    public convenience init(_ string: String) {
        self.init(SString.scalars(of: string))
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

    public override var byteSize: Int { 48 + scalars.count * 4 }
    public override var typeName: String { "string" }
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
