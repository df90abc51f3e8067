import Foundation
import Scheme

/// Turns preview SVG into PNG with `rsvg-convert` (Debian's librsvg2-bin), which renders text with
/// the installed fonts through fontconfig: Nimbus Sans from fonts-urw-base35, the face whose
/// widths `TextMetrics` uses.
public enum PNGRasterizer {
    /// The rasteriser's path, found on PATH, or nil when it is not installed.
    public static var converterPath: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
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
            .appendingPathComponent("htll-preview-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: temp) }
        do {
            try Data(svg.utf8).write(to: temp)
        } catch {
            throw LayoutError(message: "error: htll preview: cannot write a temporary file: \(error.localizedDescription)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png", "--output", path, temp.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw LayoutError(message: "error: htll preview: cannot run \(tool): \(error.localizedDescription)")
        }
        // read(2) on a duplicate of the pipe (readDataToEndOfFile traps when a signal interrupts it).
        let message: [UInt8]
        switch FileSandbox.readAll(dup(errors.fileHandleForReading.fileDescriptor), maxBytes: 1 << 20) {
        case .success(let bytes): message = bytes
        case .failure: message = Array("(its messages could not be read)".utf8)
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LayoutError(message: "error: htll preview: rsvg-convert failed: " + String(decoding: message, as: UTF8.self))
        }
    }
}
