#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Generated code as UTF-8 bytes in a buffer of its own, for a command to write out as it is.
///
/// Why not a `String`: making one of the bytes copied and checked the whole text, and a large
/// layout's category is megabytes (10,000 labels: 7.6 MB, held twice until written, issue 19).
public final class GeneratedText: @unchecked Sendable {
    // Immutable after init, and freed once: safe to share between threads.
    private let base: UnsafeMutablePointer<UInt8>
    /// Its length in bytes.
    public let count: Int

    /// Takes ownership of `count` bytes at `base`, allocated with malloc.
    init(taking base: UnsafeMutablePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { free(base) }

    /// The bytes, for the duration of `body`.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The text as a Swift string.
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}
