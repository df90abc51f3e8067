#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Scheme

/// Turns preview SVG into PNG with `rsvg-convert` (Debian's librsvg2-bin), which renders text with
/// the installed fonts through fontconfig: Nimbus Sans from fonts-urw-base35, the face whose
/// widths `TextMetrics` uses.
public enum PNGRasterizer {
    /// The rasteriser's path, found on PATH, or nil when it is not installed.
    public static var converterPath: String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = String(dir) + "/rsvg-convert"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Writes `svg` as a PNG file at `path`; throws a `LayoutError` that says what went wrong.
    public static func writePNG(svg: String, to path: String) throws {
        guard let tool = converterPath else {
            throw LayoutError(message: "error: htll preview: PNG output needs rsvg-convert (Debian package librsvg2-bin); write .svg instead")
        }
        let temp = FileManager.default.temporaryDirectory
            .appendingPathComponent("htll-preview-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).svg").path
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LayoutError(message: "error: htll preview: cannot write a temporary file: \(String(cString: strerror(errno)))")
        }
        defer { unlink(temp) }
        let failure = Scheme.writeAll(svg, to: fd)
        close(fd)
        if let failure {
            throw LayoutError(message: "error: htll preview: cannot write a temporary file: \(failure)")
        }
        let outcome: Subprocess.Outcome
        switch Subprocess.run(tool, ["--format", "png", "--output", path, temp]) {
        case .success(let o): outcome = o
        case .failure(let reason): throw LayoutError(message: "error: htll preview: cannot run \(tool): \(reason)")
        }
        guard outcome.status == 0 else {
            let message = outcome.errors ?? Array("(its messages could not be read)".utf8)
            throw LayoutError(message: "error: htll preview: rsvg-convert failed: " + String(decoding: message, as: UTF8.self))
        }
    }
}
