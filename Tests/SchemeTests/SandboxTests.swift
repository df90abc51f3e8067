import Foundation
import XCTest
@testable import Scheme

/// `Scheme(sandbox: true)`: every door to files, the process and the environment raises an error,
/// while pure computation (and reading inside `allowedFolders`) still works.
final class SandboxTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "(define from-allowed 42)".write(to: folder.appendingPathComponent("ok.scm"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The error `source` raises in `s`.
    func message(_ s: Scheme, _ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let v = try s.evaluate(source)
            XCTFail("expected an error from \(source), got \(s.write(v))", file: file, line: line)
        } catch {
            return "\(error)"
        }
        return ""
    }

    /// A file outside every allowed folder that really exists (so only the sandbox can refuse it).
    var outsideFile: String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("htll-outside-\(UUID().uuidString).scm")
        try? "(define leaked 1)".write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testEveryDoorIsClosed() {
        let s = Scheme(sandbox: true)
        s.runtime.allowedFolders = [folder.path]
        let outside = outsideFile
        let doors = [
            "(open-input-file \"\(outside)\")",
            "(open-binary-input-file \"\(outside)\")",
            "(open-output-file \"\(folder.path)/new.txt\")",
            "(open-binary-output-file \"\(folder.path)/new.bin\")",
            "(call-with-output-file \"\(folder.path)/new.txt\" (lambda (p) (write 1 p)))",
            "(with-output-to-file \"\(folder.path)/new.txt\" (lambda () (write 1)))",
            "(call-with-input-file \"\(outside)\" read)",
            "(load \"\(outside)\")",
            "(include \"\(outside)\")",
            "(delete-file \"\(outside)\")",
            "(delete-file \"\(folder.path)/ok.scm\")",
            "(file-exists? \"\(outside)\")",
            "(exit)",
            "(exit 3)",
            "(emergency-exit)",
            "(get-environment-variable \"HOME\")",
            "(get-environment-variables)",
        ]
        for door in doors {
            let m = message(s, door)
            XCTAssertTrue(m.contains("sandbox"), "\(door): \(m)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside), "delete-file went through")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ok.scm").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.txt").path))
        XCTAssertNil(s.global("leaked"))
        // The instance still computes after all those refusals.
        XCTAssertEqual(try s.evaluate("(apply + (map (lambda (x) (* x x)) '(1 2 3)))").intValue, 14)
    }

    func testPathTricksDoNotEscapeTheAllowedFolder() {
        let s = Scheme(sandbox: true)
        s.runtime.allowedFolders = [folder.path]
        let outside = outsideFile
        let name = URL(fileURLWithPath: outside).lastPathComponent
        for path in ["\(folder.path)/../\(name)", "\(folder.path)/./../\(name)", "\(folder.path)-x/../\(name)"] {
            XCTAssertTrue(message(s, "(load \"\(path)\")").contains("sandbox"), path)
            XCTAssertTrue(message(s, "(open-input-file \"\(path)\")").contains("sandbox"), path)
        }
    }

    func testSandboxErrorsAreCatchableFileErrors() throws {
        let s = Scheme(sandbox: true)
        let v = try s.evaluate("""
            (list (guard (e ((file-error? e) 'file-error) (#t 'other)) (open-input-file "/etc/passwd"))
                  (guard (e ((error-object? e) 'caught)) (get-environment-variable "PATH"))
                  (guard (e ((error-object? e) 'caught)) (exit 0)))
            """)
        XCTAssertEqual(s.write(v), "(file-error caught caught)")
    }

    /// A host that compiles code rather than running it (a layout's) refuses `exit` outside the
    /// sandbox too: a catchable error with its reason, raised before any unwinding, `dynamic-wind`'s
    /// after thunks not run; `emergency-exit` as well. Without a refusal, `exit` still ends it.
    func testAHostCanRefuseExit() throws {
        let s = Scheme()
        s.exitRefusal = "compiled, not run"
        let v = try s.evaluate("""
            (define after 0)
            (list (guard (e ((error-object? e) (error-object-message e)))
                    (dynamic-wind (lambda () #f) (lambda () (exit 3)) (lambda () (set! after (+ after 1)))))
                  after
                  (guard (e ((file-error? e) 'file) ((error-object? e) 'caught)) (emergency-exit 1)))
            """)
        // (The guard's own escape runs the after thunk once; the refused exit unwound nothing.)
        XCTAssertEqual(s.write(v), "(\"exit: compiled, not run\" 1 caught)")
        XCTAssertThrowsError(try s.evaluate("(exit 3)")) { error in
            XCTAssertEqual((error as? SchemeError)?.description, "<string>:1:1: error: exit: compiled, not run")
        }
        s.exitRefusal = nil
        XCTAssertThrowsError(try s.evaluate("(exit 3)")) { error in
            XCTAssertEqual((error as? SchemeError)?.kind, .exit)
            XCTAssertEqual((error as? SchemeError)?.exitCode, 3)
        }
    }

    func testReadingInsideAnAllowedFolderWorks() throws {
        let s = Scheme(sandbox: true)
        s.runtime.allowedFolders = [folder.path]
        let ok = folder.appendingPathComponent("ok.scm").path
        try s.evaluate("(load \"\(ok)\")")
        XCTAssertEqual(s.global("from-allowed")?.intValue, 42)
        XCTAssertEqual(try s.evaluate("(call-with-input-file \"\(ok)\" read)").arrayValue?.count, 3)
    }

    /// A symbolic link inside the allowed folder that points outside it is refused.
    func testSymlinksDoNotLeaveTheAllowedFolder() throws {
        let s = Scheme(sandbox: true)
        s.runtime.allowedFolders = [folder.path]
        let link = folder.appendingPathComponent("escape-\(UUID().uuidString).scm").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outsideFile)
        defer { try? FileManager.default.removeItem(atPath: link) }
        let v = try s.evaluate("(guard (e ((file-error? e) 'refused)) (load \"\(link)\"))")
        XCTAssertEqual(s.write(v), "refused")
        XCTAssertNil(s.global("leaked"))
    }

    func testWithoutTheSandboxTheDoorsOpen() throws {
        let s = Scheme()
        let outside = outsideFile
        try s.evaluate("(load \"\(outside)\")")
        XCTAssertEqual(s.global("leaked")?.intValue, 1)
        XCTAssertEqual(try s.evaluate("(file-exists? \"\(outside)\")").boolValue, true)
        XCTAssertNotNil(try s.evaluate("(get-environment-variable \"PATH\")").stringValue)
    }

    func testStringPortsAndComputationStillWork() throws {
        let s = Scheme(sandbox: true)
        let v = try s.evaluate("""
            (define p (open-output-string))
            (write '(a "b" #\\c 1.5) p)
            (read (open-input-string (get-output-string p)))
            """)
        XCTAssertEqual(s.write(v), "(a \"b\" #\\c 1.5)")
    }

    /// `FileSandbox.readAll` gives every byte of a regular file (read in place, at its size) and of
    /// a pipe (in chunks), and refuses one byte past `maxBytes` either way.
    func testReadAllReadsEveryByteUpToTheLimit() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let url = folder.appendingPathComponent("big.bin")
        try Data(bytes).write(to: url)
        func readFile(_ max: Int) -> Result<[UInt8], FileSandbox.ReadFailure> {
            FileSandbox.readAll(open(url.path, O_RDONLY), maxBytes: max)
        }
        XCTAssertEqual(try readFile(Int.max).get(), bytes)
        XCTAssertEqual(try readFile(bytes.count).get(), bytes)
        guard case .failure(.tooLarge) = readFile(bytes.count - 1) else { return XCTFail("one byte past the limit was read") }
        let empty = folder.appendingPathComponent("empty.bin")
        try Data().write(to: empty)
        XCTAssertEqual(try FileSandbox.readAll(open(empty.path, O_RDONLY), maxBytes: 0).get(), [])

        func readPipe(_ max: Int) -> Result<[UInt8], FileSandbox.ReadFailure> {
            let pipe = Pipe()
            let writer = Thread {
                pipe.fileHandleForWriting.write(Data(bytes))
                try? pipe.fileHandleForWriting.close()
            }
            writer.start()
            let result = FileSandbox.readAll(dup(pipe.fileHandleForReading.fileDescriptor), maxBytes: max)
            // What a refused read left in the pipe, so that the writer finishes.
            _ = pipe.fileHandleForReading.readDataToEndOfFile()
            while !writer.isFinished { usleep(1000) }
            return result
        }
        XCTAssertEqual(try readPipe(Int.max).get(), bytes)
        guard case .failure(.tooLarge) = readPipe(bytes.count - 1) else { return XCTFail("one byte past the limit was read from a pipe") }
    }
}
