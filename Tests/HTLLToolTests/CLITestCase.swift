import Foundation
import XCTest

/// Runs the built `htll` binary.
class CLITestCase: XCTestCase {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `htll` binary next to the test bundle (debug or release, whichever built the tests).
    static var binary: URL {
        let bundle = Bundle.main.bundleURL
        for dir in [bundle.deletingLastPathComponent(), bundle] {
            let candidate = dir.appendingPathComponent("htll")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/htll")
    }

    /// A new empty folder under the system's temporary folder, removed when the test ends.
    func temporaryFolder(_ prefix: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Runs `executable` (not necessarily htll) with `arguments`: its exit status and standard output.
    func output(of executable: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs htll with `arguments` (and `input` on stdin), failing the test after `timeout` seconds.
    func htll(_ arguments: [String], input: String? = nil, timeout: TimeInterval = 60,
              currentDirectory: URL? = nil) throws -> Result {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = arguments
        p.currentDirectoryURL = currentDirectory ?? Self.root
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        // Both pipes are drained at once (a full pipe would block the child); each reader owns its box.
        let outData = Collected(), errData = Collected()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData.set(out.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData.set(err.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            p.terminate()
            XCTFail("htll \(arguments) timed out")
        }
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: outData.get(), as: UTF8.self),
                      stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}

/// Data one thread writes and another reads after waiting for it.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
