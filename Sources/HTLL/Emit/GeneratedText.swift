#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Generated code as UTF-8 bytes in pieces, for a command to write out as they are.
///
/// Why not a `String`: making one of the bytes copied and checked the whole text, and a large
/// layout's category is megabytes (10,000 labels: 7.6 MB, held twice until written, issue 19).
/// Why pieces, not one buffer: the category is mostly its methods' fragments, arrays the prelude's
/// lines were joined into, which it now keeps as they are; and its own pieces fill fixed blocks.
/// One buffer grown by doubling copied the text of 10,000 views twice over and touched twice its
/// pages, which this machine's kernel zeroes first (`bench/README.md`, "The category in pieces").
public final class GeneratedText: @unchecked Sendable {
    // Immutable after init, and freed once: safe to share between threads.
    private let pieces: [CategoryText.Piece]
    /// The blocks from malloc that `pieces` are in.
    private let blocks: [UnsafeMutablePointer<UInt8>]
    /// Its length in bytes.
    public let count: Int

    /// Takes ownership of `pieces` and of `blocks`, the malloc'd blocks they are in.
    init(taking pieces: [CategoryText.Piece], blocks: [UnsafeMutablePointer<UInt8>]) {
        self.pieces = pieces
        self.blocks = blocks
        count = pieces.reduce(0) { $0 + $1.count }
    }

    /// Holds `bytes` as they are.
    convenience init(bytes: [UInt8]) {
        self.init(taking: [.bytes(bytes)], blocks: [])
    }

    deinit { for b in blocks { free(b) } }

    /// Calls `body` with each piece's bytes in order (together, the text); stops at the first
    /// piece for which `body` returns false and returns false then.
    public func forEachPiece(_ body: (UnsafeRawBufferPointer) throws -> Bool) rethrows -> Bool {
        for p in pieces {
            let ok: Bool
            switch p {
            case .block(let base, let count): ok = try body(UnsafeRawBufferPointer(start: base, count: count))
            case .bytes(let array): ok = try array.withUnsafeBytes { try body($0) }
            }
            if !ok { return false }
        }
        return true
    }

    /// The bytes, in one array.
    public var bytes: [UInt8] {
        var all: [UInt8] = []
        all.reserveCapacity(count)
        _ = forEachPiece { all.append(contentsOf: $0); return true }
        return all
    }

    /// The text as a Swift string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
