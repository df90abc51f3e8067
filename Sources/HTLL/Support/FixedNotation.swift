#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Numbers written with a fixed count of decimals, as C's `%.Nf` writes them (what
/// `String(format: "%.2f", x)` gave: Foundation formats `%f` with the C library too).
///
/// Why not `String(format:)`: it is Foundation's, not FoundationEssentials', and importing
/// Foundation made the `htll` command load Foundation's libraries at every start (see `HostThread`).
public enum FixedNotation {
    /// `value` with `decimals` digits after the point (0...17), rounded as `printf` rounds.
    public static func string(_ value: Double, decimals: Int) -> String {
        let digits = Int32(min(max(decimals, 0), 17))
        var buffer = [CChar](repeating: 0, count: 400)
        let count = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%.\(digits)f", arguments) }
        }
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(min(Int(count), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
