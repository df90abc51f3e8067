import Foundation
import XCTest

/// The built `htll` binary: the one built with the tests (debug or release).
let htllBinary = CLITestCase.binary.path

/// An `htll` process on a pseudo-terminal the test drives like a user at a keyboard.
///
/// The child runs under `setsid -c`, so the terminal is its controlling terminal and Ctrl-C typed into the
/// master side reaches it as SIGINT, as it would in a real terminal. Every wait has a deadline, so a hang
/// fails the test instead of blocking the suite.
final class ReplTerminal {
    let process = Process()
    let home: String
    private let master: Int32
    private var bytes: [UInt8] = []
    /// Output before this offset has been matched already.
    private var mark = 0

    /// Starts `htll ARGS` with HOME set to a fresh temporary folder (history goes there).
    init(home: String? = nil, arguments: [String] = []) throws {
        let folder = home ?? NSTemporaryDirectory() + "htll-repl-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.home = folder
        // Bracketed paste would wrap every line in escape sequences; the tests match plain text.
        try "set enable-bracketed-paste off\nset bell-style none\n"
            .write(toFile: folder + "/inputrc", atomically: true, encoding: .utf8)
        // posix_openpt and friends are not visible from Swift's Glibc module: the same through /dev/ptmx.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.TIOCSPTLCK, &unlock) == 0, ioctl(master, Self.TIOCGPTN, &number) == 0 else {
            throw CocoaError(.fileReadUnknown)
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["-c", "-w", htllBinary] + arguments
        // A clean environment, so the user's readline and shell settings cannot change what the tests
        // see; but the sanitizer settings pass through: under `fuzz/sanitize address` a child without
        // ASAN_OPTIONS ran LeakSanitizer at exit, which printed megabytes into the terminal and
        // outlasted `waitForExit` (5 REPL tests failed that way).
        var environment = [
            "HOME": folder, "TERM": "xterm", "COLUMNS": "200", "LINES": "50",
            "INPUTRC": folder + "/inputrc", "PATH": "/usr/bin:/bin",
        ]
        let inherited = ProcessInfo.processInfo.environment
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
            if let value = inherited[name] { environment[name] = value }
        }
        process.environment = environment
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    /// Linux ioctls (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned)`), not imported as macros.
    private static let TIOCSPTLCK: UInt = 0x4004_5431
    private static let TIOCGPTN: UInt = 0x8004_5430

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Types text (use "\r" for Return, "\t" for Tab, "\u{03}" for Ctrl-C, "\u{04}" for Ctrl-D).
    func send(_ text: String) {
        let data = Array(text.utf8)
        data.withUnsafeBytes { p in
            var offset = 0
            while offset < p.count {
                let n = write(master, p.baseAddress! + offset, p.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Waits until `text` appears in output not matched before; fails the test after `timeout` seconds.
    @discardableResult
    func expect(_ text: String, timeout: Double = 20, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = find(needle) {
                mark = end
                return true
            }
            if Date() > deadline {
                XCTFail("expected \(String(reflecting: text)); output since last match: "
                    + String(reflecting: String(decoding: bytes[mark...], as: UTF8.self)), file: file, line: line)
                return false
            }
            pump(0.05)
        }
    }

    /// Everything the terminal showed so far.
    var output: String { String(decoding: bytes, as: UTF8.self) }

    /// Waits for the process to exit and returns its status (nil on timeout).
    func waitForExit(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return nil }
            pump(0.05)
        }
        pump(0)
        return process.terminationStatus
    }

    /// Reads whatever output is available within `seconds`.
    func pump(_ seconds: Double) {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, Int32(seconds * 1000)) > 0, fds[0].revents & Int16(POLLIN) != 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(master, &buffer, buffer.count)
        if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard !needle.isEmpty, bytes.count - mark >= needle.count else { return nil }
        var i = mark
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle { return i + needle.count }
            i += 1
        }
        return nil
    }
}

/// REPL tests through a pseudo-terminal: each session's HOME is a temporary folder, removed after the test.
class ReplTestCase: XCTestCase {
    /// Temporary HOME folders to delete after each test.
    var homes: [String] = []

    override func tearDown() {
        for h in homes { try? FileManager.default.removeItem(atPath: h) }
        homes.removeAll()
        super.tearDown()
    }

    /// `htll ARGUMENTS` on a terminal, once it shows its prompt.
    func start(home: String? = nil, _ arguments: [String] = []) throws -> ReplTerminal {
        guard FileManager.default.isExecutableFile(atPath: htllBinary) else {
            XCTFail("\(htllBinary) is not built")
            throw CocoaError(.fileNoSuchFile)
        }
        let t = try ReplTerminal(home: home, arguments: arguments)
        homes.append(t.home)
        t.expect("htll> ")
        return t
    }
}
