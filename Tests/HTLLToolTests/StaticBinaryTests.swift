import Foundation
import XCTest

/// The installed binary is self-contained: on Linux it needs no Swift library at run time.
final class StaticBinaryTests: CLITestCase {
    /// `ldd` lists what the dynamic loader would load for the binary: no Swift runtime, no Foundation,
    /// no Dispatch (Package.swift links them statically into the `htll` target).
    func testTheBinaryLoadsNoSwiftLibrary() throws {
        #if os(Linux)
        // fuzz/sanitize links the command against the shared runtime on purpose (Package.swift).
        if ProcessInfo.processInfo.environment["HTLL_SANITIZER_BUILD"] != nil {
            throw XCTSkip("skipped: a sanitizer build links the Swift runtime dynamically")
        }
        guard let ldd = ["/usr/bin/ldd", "/bin/ldd"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("skipped: no ldd (Debian: libc-bin)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ldd)
        p.arguments = [Self.binary.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("libc.so"), "ldd listed the binary's libraries: \(text)")
        for line in text.split(separator: "\n") {
            let name = line.trimmingCharacters(in: .whitespaces)
            XCTAssertFalse(name.contains("libswift") || name.contains("Foundation") || name.contains("libdispatch")
                           || name.contains("BlocksRuntime"), "loads a Swift library: \(name)")
        }
        #else
        throw XCTSkip("skipped: static linking is the Linux build's (Darwin has the Swift runtime in the OS)")
        #endif
    }

    /// A copy of the binary in a folder of its own runs Scheme and compiles a layout: the preludes are in it.
    func testACopyElsewhereRunsAndCompilesALayout() throws {
        let dir = try temporaryFolder("htll-copy")
        let copy = dir.appendingPathComponent("htll")
        try FileManager.default.copyItem(at: Self.binary, to: copy)
        let layout = dir.appendingPathComponent("one.htll")
        try "(define greeting (label '((text . \"Hi\"))))\n(in greeting 'self.view)\n".write(to: layout, atomically: true, encoding: .utf8)
        for (arguments, expected) in [(["-e", "(+ 1 2)"], "3"), (["compile", layout.path, "--action", "property"], "UILabel * greeting")] {
            let p = Process()
            p.executableURL = copy
            p.arguments = arguments
            p.currentDirectoryURL = dir
            // No inherited library path: what the copy needs must be in it or in the system's folders.
            p.environment = ["PATH": "/usr/bin:/bin"]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, "\(arguments)")
            XCTAssertTrue(text.contains(expected), "\(arguments): \(text)")
        }
    }
}
