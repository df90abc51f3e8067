import Foundation
import XCTest
@testable import Scheme

/// File ports read in 64 KB chunks and decode UTF-8 with an ASCII fast path; output files are
/// flushed by the host without being kept alive. These check the edges of both.
final class FilePortTests: SchemeTestCase {
    private var dir: URL!

    override func setUp() {
        super.setUp()
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-file-ports-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: dir)
        super.tearDown()
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Multi-byte characters split by the 64 KB chunk boundary, after a long ASCII run and between
    /// invalid bytes, decode to the same characters as when read from a string.
    func testCharactersAcrossChunkBoundaries() throws {
        let chunk = 1 << 16
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: chunk - 1)
        bytes += Array("é€𝄞\n".utf8)               // é starts at 65535 and ends in the next chunk
        bytes += [UInt8](repeating: UInt8(ascii: "b"), count: chunk - 11)
        bytes += Array("𝄞x".utf8)                   // a 4-byte character split 2 + 2 by the second boundary
        bytes += [0xFF, UInt8(ascii: "y"), 0xE2, 0x82]  // an invalid byte, then a truncated sequence at the end
        let path = try file("chars", bytes)
        check("""
        (call-with-input-file "\(path)"
          (lambda (p)
            (let loop ((n 0) (wide '()))
              (let ((c (read-char p)))
                (if (eof-object? c)
                    (list n (map char->integer (reverse wide)))
                    (loop (+ n 1) (if (char<? c #\\x80) wide (cons c wide))))))))
        """, "(\(chunk - 1 + 4 + chunk - 11 + 2 + 3) (233 8364 119070 119070 65533 65533))")
        check("""
        (call-with-input-file "\(path)"
          (lambda (p)
            (let* ((first (read-line p)) (second (read-line p)))
              (list (string-length first) (map char->integer (string->list (substring first 65535 65538)))
                    (string-length second) (peek-char p) (eof-object? (read-line p))))))
        """, "(65538 (233 8364 119070) \(chunk - 11 + 2 + 3) #<eof> #t)")
    }

    /// A datum of many chunks is parsed again only after the text read has doubled: parsing from
    /// its start at every 64 KB chunk was quadratic (a 4.8 MB list took 6.3 s and 2.3 GB; a 9.5 MB
    /// one passed the 3 GB heap limit). Then the next datum reads on from where the first ended.
    func testALargeDatumIsParsedAFewTimes() throws {
        let count = 120_000   // about 1.4 MB: 22 chunks
        let text = "(" + (0..<count).map { "(a\($0 % 100) \"s\" 1)" }.joined(separator: " ") + ")\n(after 2) #t"
        let path = try file("big", Array(text.utf8))
        let port = try scheme.evaluate("(define p (open-input-file \"\(path)\")) p")
        let big = try scheme.evaluate("(let ((d (read p))) (list (length d) (list-ref d 77) (list-ref d \(count - 1))))")
        XCTAssertEqual(scheme.write(big), "(\(count) (a77 \"s\" 1) (a99 \"s\" 1))")
        let parses = try XCTUnwrap(port.object(Port.self)).datumParses
        XCTAssertLessThanOrEqual(parses, 8, "parses of a 22-chunk datum")
        XCTAssertEqual(scheme.write(try scheme.evaluate("(list (read p) (read p) (eof-object? (read p)))")), "((after 2) #t #t)")
    }

    /// `read-line` drops the newline and a carriage return before it, across the chunk boundary too;
    /// `peek-char` does not consume.
    func testLinesAndPeeking() throws {
        var bytes = Array("one\r\ntwo\n\nthree".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "z"), count: (1 << 16) - bytes.count - 1)
        bytes += Array("\r\nlast".utf8)
        let path = try file("lines", bytes)
        check("""
        (call-with-input-file "\(path)"
          (lambda (p)
            (let* ((a (read-line p)) (b (read-line p)) (c (read-line p)) (pc (peek-char p)) (d (read-line p))
                   (e (read-line p)) (f (read-line p)))
              (list a b c pc (string-length d) (string-ref d 70) e (eof-object? f) (eof-object? (peek-char p))))))
        """, "(\"one\" \"two\" \"\" #\\t \((1 << 16) - 11) #\\z \"last\" #t #t)")
    }

    /// A file copied character by character and line by line is byte for byte the original.
    func testCopyingAFileKeepsEveryByte() throws {
        var text = ""
        for i in 0..<9000 { text += "line \(i) é€ \(String(repeating: "x", count: i % 13))\n" }
        let input = try file("in", Array(text.utf8))
        let byChar = dir.appendingPathComponent("by-char").path
        let byLine = dir.appendingPathComponent("by-line").path
        try scheme.evaluate("""
        (call-with-input-file "\(input)"
          (lambda (in)
            (call-with-output-file "\(byChar)"
              (lambda (out)
                (let loop ((c (read-char in)))
                  (unless (eof-object? c) (write-char c out) (loop (read-char in))))))))
        (call-with-input-file "\(input)"
          (lambda (in)
            (call-with-output-file "\(byLine)"
              (lambda (out)
                (let loop ((l (read-line in)))
                  (unless (eof-object? l) (write-string l out) (newline out) (loop (read-line in))))))))
        """)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: byChar)), Data(text.utf8))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: byLine)), Data(text.utf8))
    }

    /// Output a program never flushed or closed reaches the file when the host flushes; a port the
    /// collector frees flushes itself and leaves the list the host flushes.
    func testUnclosedOutputFilesAreFlushed() throws {
        let kept = dir.appendingPathComponent("kept").path
        let dropped = dir.appendingPathComponent("dropped").path
        try scheme.evaluate("""
        (define p (open-output-file "\(kept)"))
        (write-string "kept output" p)
        (let ((q (open-output-file "\(dropped)"))) (write-string "dropped output" q))
        """)
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), "")
        scheme.runtime.collectGarbage()
        XCTAssertEqual(try String(contentsOfFile: dropped, encoding: .utf8), "dropped output")
        XCTAssertNil(scheme.flush())
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), "kept output")
        try scheme.evaluate("(write-string \" and more\" p)")
        XCTAssertNil(scheme.flush())
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), "kept output and more")
    }
}
