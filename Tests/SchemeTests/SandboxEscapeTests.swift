import Foundation
import XCTest
@testable import Scheme

/// Attacks on `Scheme(sandbox: true)` that a check of path strings let through (issue 12, part 2):
/// the sandbox must decide on the file actually opened, by every procedure that opens one.
final class SandboxEscapeTests: XCTestCase {
    /// The allowed folder, and a folder beside it that is not allowed.
    var folder: URL!
    var outside: URL!
    /// A file outside the allowed folder, readable by the test, with a recognisable datum.
    var secret: String { outside.appendingPathComponent("secret.scm").path }

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("htll-escape-\(UUID().uuidString)")
        folder = base.appendingPathComponent("allowed")
        outside = base.appendingPathComponent("outside")
        for dir in [folder!, outside!, folder.appendingPathComponent("d"), outside.appendingPathComponent("lib")] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        try "(define leaked \"the secret\")\n\"the secret\"\n".write(toFile: secret, atomically: true, encoding: .utf8)
        try "(define-library (hidden) (export h) (import (scheme base)) (begin (define h 1)))"
            .write(to: outside.appendingPathComponent("hidden.sld"), atomically: true, encoding: .utf8)
        try "(define inside 42)\n".write(to: folder.appendingPathComponent("inside.scm"), atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    func sandboxed(_ folders: [String]? = nil) -> Scheme {
        let s = Scheme(sandbox: true)
        s.runtime.allowedFolders = folders ?? [folder.path]
        return s
    }

    /// The error `source` raises in `s` (fails if it returns).
    func message(_ s: Scheme, _ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let v = try s.evaluate(source)
            XCTFail("expected an error from \(source), got \(s.write(v))", file: file, line: line)
        } catch {
            return "\(error)"
        }
        return ""
    }

    /// Makes `folder/name` a symbolic link that reaches `target` (an absolute path) through a chain
    /// whose textual expansion is longer than PATH_MAX: Foundation's `resolvingSymlinksInPath` gives
    /// up and returns the link's own path (inside the folder), while the kernel follows it.
    func longChain(_ name: String, to target: String) throws -> String {
        let detour = String(repeating: "d/../", count: 700)
        let hop = folder.appendingPathComponent("hop-\(name)").path
        try FileManager.default.createSymbolicLink(atPath: hop, withDestinationPath: detour + ".")
        let up = String(repeating: "../", count: 64)
        let link = folder.appendingPathComponent(name).path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "hop-\(name)/" + detour + up + target.dropFirst())
        return link
    }

    /// Every way a program opens a file for reading, each naming `path`.
    func doors(_ path: String) -> [String] {
        let q = "\"\(path)\""
        return ["(load \(q))", "(include \(q))", "(include-ci \(q))", "(open-input-file \(q))",
                "(open-binary-input-file \(q))", "(call-with-input-file \(q) read-line)",
                "(with-input-from-file \(q) read-line)", "(file-exists? \(q))", "(eval '(include \(q)))"]
    }

    func assertRefused(_ s: Scheme, _ path: String, file: StaticString = #filePath, line: UInt = #line) {
        for door in doors(path) {
            let m = message(s, door, file: file, line: line)
            XCTAssertTrue(m.contains("is not allowed in the sandbox"), "\(door): \(m)", file: file, line: line)
            XCTAssertFalse(m.contains("the secret") || m.contains("PATH="), "\(door) leaked: \(m)", file: file, line: line)
        }
        XCTAssertNil(s.global("leaked"), file: file, line: line)
    }

    /// The attack: the chain fools a string check (the fixture shows it does), and the
    /// sandbox refuses it anyway, whether it leads to /proc/self/environ or to an ordinary file.
    func testASymlinkChainLongerThanPathMaxIsRefused() throws {
        let environ = try longChain("a", to: "/proc/self/environ")
        let file = try longChain("b", to: secret)
        for link in [environ, file] {
            let resolved = URL(fileURLWithPath: link).standardizedFileURL.resolvingSymlinksInPath().path
            XCTAssertTrue(resolved.hasPrefix(folder.path + "/"), "the fixture no longer fools a string check: \(resolved)")
            XCTAssertTrue(FileManager.default.isReadableFile(atPath: link), "the kernel follows the chain")
            assertRefused(sandboxed(), link)
        }
    }

    func testProcAndDevicePathsAreRefused() throws {
        let s = sandboxed()
        for path in ["/proc/self/environ", "/proc/self/root" + secret, "/proc/self/fd/0", "/dev/stdin", "/dev/zero",
                     "/dev/null", "/proc/self/cwd/../../etc/passwd"] {
            assertRefused(s, path)
        }
        let link = folder.appendingPathComponent("env").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/environ")
        assertRefused(s, link)
    }

    func testDotDotAndAbsolutePathsAreRefused() {
        let s = sandboxed()
        for path in [secret, "\(folder.path)/../outside/secret.scm", "\(folder.path)/d/../../outside/secret.scm",
                     "\(folder.path)/./d/./../../outside/../outside/secret.scm", "/etc/passwd", "/"] {
            assertRefused(s, path)
        }
    }

    /// A link to a missing file says the same as a link to an existing one, so a sandboxed program
    /// cannot probe for files outside; so does a missing file in a folder outside.
    func testFailuresRevealNothingAboutFilesOutside() throws {
        let s = sandboxed()
        let toExisting = folder.appendingPathComponent("l1").path
        let toMissing = folder.appendingPathComponent("l2").path
        try FileManager.default.createSymbolicLink(atPath: toExisting, withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: toMissing, withDestinationPath: secret + "-missing")
        for door in ["open-input-file", "load", "file-exists?"] {
            let a = message(s, "(\(door) \"\(toExisting)\")").replacingOccurrences(of: "l1", with: "L")
            let b = message(s, "(\(door) \"\(toMissing)\")").replacingOccurrences(of: "l2", with: "L")
            XCTAssertEqual(a, b)
            XCTAssertTrue(a.contains("not allowed in the sandbox"), a)
            let c = message(s, "(\(door) \"\(secret)\")").replacingOccurrences(of: "secret.scm", with: "X")
            let d = message(s, "(\(door) \"\(secret)-missing\")").replacingOccurrences(of: "secret.scm-missing", with: "X")
            XCTAssertEqual(c, d)
        }
        // Inside, a missing file is reported as missing (the layout's own folder holds no secrets).
        XCTAssertTrue(message(s, "(open-input-file \"\(folder.path)/nope.scm\")").contains("No such file"))
        XCTAssertEqual(try s.evaluate("(file-exists? \"\(folder.path)/nope.scm\")").boolValue, false)
        // A dangling link inside, even to a place inside, is refused: where it points is not checked.
        let dangling = folder.appendingPathComponent("l3").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nope.scm")
        XCTAssertTrue(message(s, "(open-input-file \"\(dangling)\")").contains("not allowed"))
    }

    /// A FIFO or device in the allowed folder is refused at once: reading it would block or never end.
    func testFifosAndDevicesDoNotBlock() throws {
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let s = sandboxed()
        for door in ["(open-input-file \"\(fifo)\")", "(load \"\(fifo)\")", "(include \"\(fifo)\")",
                     "(call-with-input-file \"\(fifo)\" read-char)"] {
            XCTAssertTrue(message(s, door).contains("is not a regular file"), door)
        }
        XCTAssertEqual(try s.evaluate("(file-exists? \"\(fifo)\")").boolValue, true)
        let zero = folder.appendingPathComponent("zero").path
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        XCTAssertTrue(message(s, "(read-char (open-input-file \"\(zero)\"))").contains("not allowed"))
        XCTAssertTrue(message(s, "(open-input-file \"\(folder.path)/d\")").contains("is not a regular file"))
    }

    /// `/` as an allowed folder allows nothing (nor does a folder that resolves to it).
    func testTheRootFolderAllowsNothing() {
        for root in ["/", "/tmp/..", "//", "/./"] {
            let s = sandboxed([root])
            XCTAssertTrue(message(s, "(open-input-file \"/etc/hosts\")").contains("not allowed"), root)
            XCTAssertTrue(message(s, "(open-input-file \"\(secret)\")").contains("not allowed"), root)
        }
        XCTAssertEqual(FileSandbox(allowedFolders: ["/", folder.path, "/nonexistent-\(UUID())"]).folders.count, 1)
    }

    /// `import` fails with the same message whether or not a library exists outside the allowed
    /// folders, and a library name cannot climb out of the search path.
    func testImportRevealsNothingOutside() throws {
        let s = sandboxed()
        s.runtime.searchPath = [outside.path, folder.path]
        let hidden = message(s, "(import (hidden))")
        let missing = message(s, "(import (nowhere))")
        XCTAssertEqual(hidden.replacingOccurrences(of: "hidden", with: "X"), missing.replacingOccurrences(of: "nowhere", with: "X"))
        XCTAssertTrue(hidden.contains("not found"), hidden)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("linked.sld").path,
                                                   withDestinationPath: outside.appendingPathComponent("hidden.sld").path)
        XCTAssertTrue(message(s, "(import (linked))").contains("not found"))
        XCTAssertNil(s.global("h"))
        let climb = message(s, "(import (.. outside hidden))")
        XCTAssertTrue(climb.contains("bad library name part \"..\""), climb)
        // A library inside the allowed folder imports.
        try "(define-library (ok) (export o) (import (scheme base)) (begin (define o 7)))"
            .write(to: folder.appendingPathComponent("ok.sld"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try s.evaluate("(import (ok)) o").intValue, 7)
    }

    /// Within the allowed folder everything still reads, through links that stay inside too.
    func testReadingInsideStillWorks() throws {
        let s = sandboxed()
        let inside = folder.appendingPathComponent("inside.scm").path
        let link = folder.appendingPathComponent("d/link.scm").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../inside.scm")
        for path in [inside, link, "\(folder.path)/d/../inside.scm"] {
            XCTAssertEqual(try s.evaluate("(load \"\(path)\") inside").intValue, 42, path)
            XCTAssertEqual(try s.evaluate("(begin (include \"\(path)\") inside)").intValue, 42, path)
            XCTAssertEqual(try s.evaluate("(call-with-input-file \"\(path)\" read-line)").stringValue, "(define inside 42)")
            XCTAssertEqual(try s.evaluate("(with-input-from-file \"\(path)\" read)").arrayValue?.count, 3)
            XCTAssertEqual(try s.evaluate("(file-exists? \"\(path)\")").boolValue, true)
        }
        // Writing and deleting stay refused, inside too.
        XCTAssertTrue(message(s, "(delete-file \"\(inside)\")").contains("not allowed"))
        XCTAssertTrue(message(s, "(open-output-file \"\(folder.path)/new\")").contains("not allowed"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: inside))
    }
}
