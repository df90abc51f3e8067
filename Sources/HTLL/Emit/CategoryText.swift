#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UTF-8 text appended piece by piece, handed over as a `GeneratedText` at the end. Its bytes are
/// in blocks of its own, not an Array: appending a piece to an Array cost about 110 instructions
/// (its checks and the generic copy), and the category appends about 40 per view (issue 19).
/// A long run of bytes already in an array (a method's fragment) is kept as that array, not
/// copied; the rest fills blocks that are never grown or moved.
/// Why blocks, not one buffer grown by doubling (by realloc): for 10,000 views that copied the
/// text about twice over and touched about twice its size in fresh pages, which the kernel zeroes
/// first: a tenth of the run's samples on this machine (`bench/README.md`, "The category in pieces").
struct CategoryText {
    /// A run of the text: `count` bytes at `base`, in one of the text's blocks, or an array kept
    /// as it is.
    enum Piece {
        case block(UnsafeMutablePointer<UInt8>, Int)
        case bytes([UInt8])

        /// Its length in bytes.
        var count: Int {
            switch self {
            case .block(_, let count): return count
            case .bytes(let array): return array.count
            }
        }
    }

    /// Arrays at least this long are kept as they are rather than copied.
    static let keptArrayBytes = 4096

    private let buffer = Buffer()

    /// The pieces so far and the block being filled. (Unchecked exclusivity: nothing calls out
    /// while a piece is copied, and each dynamic check cost about 60 instructions an access.)
    private final class Buffer {
        /// The finished pieces, in order.
        var pieces: [Piece] = []
        /// Every block from malloc, freed by whoever takes the pieces (or with the buffer).
        var blocks: [UnsafeMutablePointer<UInt8>] = []
        /// The block being filled, the end of its text, where its open piece starts, and its size.
        @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) var count = 0
        @exclusivity(unchecked) var start = 0
        @exclusivity(unchecked) var capacity = Buffer.firstBlockBytes

        /// A small layout's category fits in one or two blocks of this size.
        static let firstBlockBytes = 4096

        init() {
            base = Buffer.allocate(Buffer.firstBlockBytes)
            blocks = [base]
        }

        deinit { for b in blocks { free(b) } }

        private static func allocate(_ size: Int) -> UnsafeMutablePointer<UInt8> {
            guard let raw = malloc(size) else { fatalError("out of memory for generated code") }
            return raw.bindMemory(to: UInt8.self, capacity: size)
        }

        /// Appends `n` bytes from `bytes`.
        @inline(__always) func write(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
            if n > capacity &- count { newBlock(n) }
            (base + count).update(from: bytes, count: n)
            count &+= n
        }

        /// Ends the open piece and keeps `array` as the next.
        func keep(_ array: [UInt8]) {
            closePiece()
            pieces.append(.bytes(array))
        }

        /// Ends the open piece (the bytes written since the last one ended), if it has any.
        func closePiece() {
            if count > start { pieces.append(.block(base + start, count - start)) }
            start = count
        }

        /// A fresh block with room for `n` bytes at least: each twice the last, up to 1 MB.
        func newBlock(_ n: Int) {
            closePiece()
            let size = Swift.max(Swift.min(capacity * 2, 1 << 20), n)
            base = Buffer.allocate(size)
            blocks.append(base)
            count = 0
            start = 0
            capacity = size
        }

        /// The pieces and the blocks they are in, handed over; the buffer starts over, empty.
        func take() -> ([Piece], [UnsafeMutablePointer<UInt8>]) {
            closePiece()
            defer {
                pieces = []
                base = Buffer.allocate(Buffer.firstBlockBytes)
                blocks = [base]
                count = 0
                start = 0
                capacity = Buffer.firstBlockBytes
            }
            return (pieces, blocks)
        }
    }

    /// Appends each piece's UTF-8.
    mutating func add(text pieces: String...) {
        for p in pieces {
            var p = p
            p.withUTF8 { if let b = $0.baseAddress { buffer.write(b, $0.count) } }
        }
    }

    /// Appends a literal's UTF-8, from its buffer.
    mutating func add(_ literal: StaticString) {
        literal.withUTF8Buffer { if let b = $0.baseAddress { buffer.write(b, $0.count) } }
    }

    /// Appends UTF-8 bytes: a long array is kept as it is (arrays are never changed in place).
    mutating func add(_ utf8: [UInt8]) {
        if utf8.count >= Self.keptArrayBytes { buffer.keep(utf8); return }
        utf8.withUnsafeBufferPointer { if let b = $0.baseAddress { buffer.write(b, $0.count) } }
    }

    /// Appends UTF-8 bytes that start with an ASCII character, that character in upper case.
    mutating func add(capitalized utf8: [UInt8]) {
        utf8.withUnsafeBufferPointer {
            guard let b = $0.baseAddress, let first = $0.first else { return }
            var head = first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") ? first - 32 : first
            buffer.write(&head, 1)
            buffer.write(b + 1, $0.count - 1)
        }
    }

    /// Appends what `others` hold (their kept arrays kept again, their blocks' bytes copied).
    mutating func add(_ others: CategoryText...) {
        for o in others {
            o.buffer.closePiece()
            for p in o.buffer.pieces {
                switch p {
                case .block(let base, let count): buffer.write(base, count)
                case .bytes(let array): buffer.keep(array)
                }
            }
        }
    }

    /// The text so far, which this value no longer holds (it starts over, empty).
    mutating func take() -> GeneratedText {
        let (pieces, blocks) = buffer.take()
        return GeneratedText(taking: pieces, blocks: blocks)
    }
}
