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
