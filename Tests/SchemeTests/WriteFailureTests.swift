import Foundation
import XCTest
@testable import Scheme

/// Issue 12, part 4: a write that fails (a full disk: /dev/full) trapped in FileHandle.write. It is
/// now a file error of the write that reached the stream, and the host learns of the rest at flush;
/// file names of one character no longer trap path handling (`include`, libraries, `load`).
final class WriteFailureTests: SchemeTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
    }

    func testWritesToAFullDiskAreFileErrors() throws {
        for (source, message) in [
            ("(define p (open-output-file \"/dev/full\")) (write-string \"x\" p) (flush-output-port p)",
             "flush-output-port: cannot write: No space left on device"),
            ("(define p (open-output-file \"/dev/full\")) (write-string (make-string 70000 #\\x) p)",
             "write-string: cannot write: No space left on device"),
            ("(define p (open-output-file \"/dev/full\")) (write (make-list 20000 'abc) p)", "write: cannot write: No space left on device"),
            ("(define p (open-binary-output-file \"/dev/full\")) (write-bytevector (make-bytevector 70000 1) p)",
             "write-bytevector: cannot write: No space left on device"),
            ("(define p (open-output-file \"/dev/full\")) (write-char #\\x p) (close-port p)", "close-port: cannot write: No space left on device"),
            ("(call-with-output-file \"/dev/full\" (lambda (p) (newline p)))", "close-port: cannot write: No space left on device"),
        ] {
            let e = try XCTUnwrap(error(source), source)
            XCTAssertEqual(e.message, message, source)
            XCTAssertEqual(e.kind, .file, source)
        }
        XCTAssertEqual(value("(guard (e ((file-error? e) (error-object-message e))) (call-with-output-file \"/dev/full\" (lambda (p) (write-string \"x\" p))))"),
                       "\"close-port: cannot write: No space left on device\"")
        // Reported once: the port can be written again (and fail again).
        XCTAssertEqual(value("""
            (define p (open-output-file "/dev/full"))
            (define (try-write) (guard (e ((file-error? e) 'failed)) (write-string "x" p) (flush-output-port p) 'written))
            (list (try-write) (try-write))
            """), "(failed failed)")
    }

    /// Output a program never flushed is reported when the host flushes (as the command does at exit).
    func testUnflushedOutputIsReportedAtFlush() throws {
        _ = try scheme.evaluate("(define p (open-output-file \"/dev/full\")) (write-string \"x\" p)")
        XCTAssertEqual(scheme.flush(), "cannot write to \"/dev/full\": No space left on device")
        XCTAssertNil(scheme.flush())
    }

    func testOneCharacterFileNames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-one-char-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(dir.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        try "(include \"q\")".write(toFile: "x", atomically: true, encoding: .utf8)
        try "(define from-q 'q)".write(toFile: "q", atomically: true, encoding: .utf8)
        try "(define-library (l) (export from-r) (import (scheme base)) (include \"r\"))".write(toFile: "l.sld", atomically: true, encoding: .utf8)
        try "(define from-r 'r)".write(toFile: "r", atomically: true, encoding: .utf8)
        try scheme.load(path: "x")
        XCTAssertEqual(value("from-q"), "q")
        scheme.runtime.searchPath = ["."]
        XCTAssertEqual(value("(import (l)) from-r"), "r")
        XCTAssertEqual(value("(load \"x\") from-q"), "q")
        XCTAssertEqual(PathNames.base(of: "x"), "")
        XCTAssertEqual(PathNames.base(of: "/x"), "/")
        XCTAssertEqual(PathNames.base(of: "a/x"), "a")
        XCTAssertEqual(PathNames.resolve("q", against: ""), "q")
        XCTAssertEqual(PathNames.resolve("q", against: "a"), "a/q")
        XCTAssertEqual(PathNames.resolve("/q", against: "a"), "/q")
    }
}
