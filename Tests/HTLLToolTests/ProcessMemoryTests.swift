import Foundation
import XCTest
import HTLLShell

/// The `htll` command reserves its allocator's heap and marks it for huge pages (ProcessMemory).
final class ProcessMemoryTests: CLITestCase {
    /// A running `htll` (waiting for its program on standard input) has a heap mapping of at least
    /// 128 MB whose flags include `hg` (madvise(MADV_HUGEPAGE)), as /proc/PID/smaps reports.
    func testTheRunningCommandsHeapIsMarkedForHugePages() throws {
        #if os(Linux)
        // A sanitizer's allocator stands in for glibc's, whose heap this marks (fuzz/sanitize).
        if ProcessInfo.processInfo.environment["HTLL_SANITIZER_BUILD"] != nil {
            throw XCTSkip("skipped: a sanitizer build allocates with the sanitizer's allocator")
        }
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else {
            throw XCTSkip("skipped: this kernel has no transparent huge pages")
        }
        if ProcessMemory.addressSpaceIsLimited() {
            throw XCTSkip("skipped: an address-space or data limit (ulimit -v, -d) turns the reservation off")
        }
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = []
        let input = Pipe(), out = Pipe()
        p.standardInput = input
        p.standardOutput = out
        try p.run()
        defer {
            try? input.fileHandleForWriting.close()
            p.waitUntilExit()
        }
        // The reservation is made before the command reads anything; poll until it shows.
        var marked: [Int] = []
        var readable = false
        let deadline = Date().addingTimeInterval(10)
        while marked.isEmpty && Date() < deadline {
            // (Read to the end: a /proc file reports a size of 0.)
            let file = FileHandle(forReadingAtPath: "/proc/\(p.processIdentifier)/smaps")
            let smaps = String(decoding: file?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            try? file?.close()
            readable = readable || !smaps.isEmpty
            marked = Self.hugePageMappings(smaps)
            if marked.isEmpty { Thread.sleep(forTimeInterval: 0.02) }
        }
        if !readable { throw XCTSkip("skipped: this system does not let the test read the command's /proc/PID/smaps") }
        XCTAssertTrue(marked.contains { $0 >= 128 << 20 }, "mappings marked hg: \(marked)")
        try input.fileHandleForWriting.write(contentsOf: Data("(display (+ 1 2))\n".utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertEqual(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "3")
        #else
        throw XCTSkip("skipped: the huge-page reservation is the Linux build's (glibc)")
        #endif
    }

    /// Under an address-space limit the command makes no reservation and runs as before (with
    /// the reservation's padding left in place, every later growth of the heap failed and the
    /// command crashed at start under `ulimit -v 150000`).
    func testACommandRunsUnderAnAddressSpaceLimit() throws {
        #if os(Linux)
        // ThreadSanitizer and AddressSanitizer reserve terabytes of shadow memory: no such limit fits.
        if ProcessInfo.processInfo.environment["HTLL_SANITIZER_BUILD"] != nil {
            throw XCTSkip("skipped: a sanitizer build cannot run under an address-space limit")
        }
        let (status, text) = try output(of: URL(fileURLWithPath: "/bin/sh"),
                                           ["-c", "ulimit -v 200000 && exec \"$0\" -e '(length (make-list 100000 1))'", Self.binary.path])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(text, "100000\n")
        #else
        throw XCTSkip("skipped: the reservation is the Linux build's (glibc)")
        #endif
    }

    /// Batch runs get the settings; the REPL and `serve`, which live long, do not.
    func testOnlyBatchRunsAreTuned() {
        XCTAssertTrue(ProcessMemory.isBatch(["compile", "a.htll", "--objc"], inputIsTerminal: true))
        XCTAssertTrue(ProcessMemory.isBatch(["-e", "1"], inputIsTerminal: true))
        XCTAssertTrue(ProcessMemory.isBatch(["--sandbox", "script.scm"], inputIsTerminal: true))
        XCTAssertTrue(ProcessMemory.isBatch([], inputIsTerminal: false), "a program on standard input")
        XCTAssertFalse(ProcessMemory.isBatch([], inputIsTerminal: true), "the REPL")
        XCTAssertFalse(ProcessMemory.isBatch(["--sandbox"], inputIsTerminal: true), "the REPL")
        XCTAssertFalse(ProcessMemory.isBatch(["repl"], inputIsTerminal: false))
        XCTAssertFalse(ProcessMemory.isBatch(["-i", "f.scm"], inputIsTerminal: true))
        XCTAssertFalse(ProcessMemory.isBatch(["serve", "a.htll"], inputIsTerminal: false))
    }

    /// The sizes in bytes of the mappings in SMAPS whose VmFlags include `hg`.
    static func hugePageMappings(_ smaps: String) -> [Int] {
        var sizes: [Int] = []
        var size = 0
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), line.first?.isHexDigit == true,
               let space = line.firstIndex(of: " "), dash < space,
               let lo = Int(line[..<dash], radix: 16),
               let hi = Int(line[line.index(after: dash)..<space], radix: 16) {
                size = hi - lo
            } else if line.hasPrefix("VmFlags:"), line.split(separator: " ").contains("hg") {
                sizes.append(size)
            }
        }
        return sizes
    }
}
