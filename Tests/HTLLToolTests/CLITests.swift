import Foundation
import XCTest

final class CLITests: CLITestCase {
    func testEvaluateExpression() throws {
        let r = try htll(["-e", "(+ 1 2)"])
        XCTAssertEqual(r.stdout, "3\n")
        XCTAssertEqual(r.status, 0)
    }

    func testUncaughtErrorIsLocatedAndExits70() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-cli-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("bad.scm")
        try "(define (f x) (vector-ref x 9))\n(display \"before\")\n(f (vector 1 2))\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try htll([file.path])
        XCTAssertEqual(r.status, 70)
        XCTAssertEqual(r.stdout, "before")
        XCTAssertTrue(r.stderr.hasPrefix("\(file.path):1:15: error: vector-ref: index 9 out of range for vector of length 2"), r.stderr)
        XCTAssertTrue(r.stderr.contains("backtrace:"), r.stderr)
    }

    func testScriptArgumentsAndExitStatus() throws {
        let r = try htll(["examples/fib.scm", "3"])
        XCTAssertEqual(r.stdout, "fib(0) = 0\nfib(1) = 1\nfib(2) = 1\nfib(3) = 2\n")
        XCTAssertEqual(try htll(["-e", "(exit 7)"]).status, 7)
    }

    func testPipedInput() throws {
        let r = try htll([], input: "(display 42)\n(define x 5)\n(display (* x x))")
        XCTAssertEqual(r.stdout, "4225")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(try htll([], input: "(car '())").status, 70)
    }

    func testHelpAndBadOptions() throws {
        XCTAssertTrue(try htll(["--help"]).stdout.contains("usage: htll"))
        let bad = try htll(["--no-such-option"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("unknown option"))
        let missing = try htll(["/nonexistent/file.scm"])
        XCTAssertEqual(missing.status, 70)
        XCTAssertTrue(missing.stderr.contains("cannot open file"), missing.stderr)
    }

    func testDisassemble() throws {
        let r = try htll(["-e", "(display (disassemble (lambda (n) (let loop ((i n)) (if (= i 0) 'done (loop (- i 1)))))))"])
        XCTAssertTrue(r.stdout.contains("jumpIfFalse"), r.stdout)
        XCTAssertTrue(r.stdout.contains("jumpBack"), r.stdout)
        XCTAssertTrue(r.stdout.contains("return"), r.stdout)
    }

    /// 100,000 nested parentheses: an error or a value, never a crash.
    func testDeepNestingDoesNotCrash() throws {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        let r = try htll([], input: deep)
        XCTAssertEqual(r.status, 70, r.stderr)
        let quoted = try htll([], input: "(display (length '" + String(repeating: "(", count: 100_000)
                              + String(repeating: ")", count: 100_000) + "))")
        XCTAssertEqual(quoted.stdout, "1", quoted.stderr)
    }

    /// Every example runs and prints what its `.out` file says.
    func testExamples() throws {
        let dir = Self.root.appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".scm") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for f in files {
            let expected = dir.appendingPathComponent(f.replacingOccurrences(of: ".scm", with: ".out"))
            let r = try htll(["examples/" + f])
            XCTAssertEqual(r.status, 0, "\(f): \(r.stderr)")
            XCTAssertEqual(r.stdout, try String(contentsOf: expected, encoding: .utf8), f)
        }
    }
}
