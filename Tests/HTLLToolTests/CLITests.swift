import Foundation
import XCTest

final class CLITests: CLITestCase {
    func testEvaluateExpression() throws {
        let r = try htll(["-e", "(+ 1 2)"])
        XCTAssertEqual(r.stdout, "3\n")
        XCTAssertEqual(r.status, 0)
    }

    func testUncaughtErrorIsLocatedAndExits70() throws {
        let dir = try temporaryFolder("htll-cli")
        let file = dir.appendingPathComponent("bad.scm")
        try "(define (f x) (vector-ref x 9))\n(display \"before\")\n(f (vector 1 2))\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try htll([file.path])
        XCTAssertEqual(r.status, 70)
        XCTAssertEqual(r.stdout, "before")
        XCTAssertTrue(r.stderr.hasPrefix("\(file.path):1:15: error: vector-ref: index 9 out of range for vector of length 2"), r.stderr)
        XCTAssertTrue(r.stderr.contains("backtrace:"), r.stderr)
    }

    /// A name alone at the top level is located where it was read (a symbol keeps no location).
    func testAnUnboundNameAloneIsLocated() throws {
        let dir = try temporaryFolder("htll-cli")
        let file = dir.appendingPathComponent("name.scm")
        try "(define x 1)\n\n   undefined-thing\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try htll([file.path])
        XCTAssertEqual(r.status, 70)
        XCTAssertTrue(r.stderr.hasPrefix("\(file.path):3:4: error: unbound variable: undefined-thing"), r.stderr)
        let piped = try htll(["-"], input: "(define y 2)\n y z\n")
        XCTAssertTrue(piped.stderr.contains(":2:4: error: unbound variable: z"), piped.stderr)
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

    /// Every command and subcommand prints its whole usage for --help, on stdout, with status 0.
    func testEveryCommandAnswersHelp() throws {
        let cases: [([String], [String])] = [
            (["--help"], ["usage: htll", "compile", "frames", "preview", "htllc", "repl"]),
            (["-h"], ["usage: htll"]),
            (["compile", "--help"], ["usage: htll compile", "--action", "--objc", "--swift", "--view", "--class", "--rtl", "view-did-load"]),
            (["compile", "x.htll", "--swift", "--help"], ["usage: htll compile", "--swift", "--view"]),
            (["frames", "--help"], ["usage: htll frames", "--device", "--size", "--safe-area", "iphone-15"]),
            (["preview", "--help"], ["usage: htll preview", "--outline", "--watch"]),
            (["htllc", "--help"], ["Usage: htllc", "view-will-layout-subviews"]),
            (["repl", "--help"], ["usage: htll repl", ",describe", ",quit"]),
        ]
        for (arguments, expected) in cases {
            let r = try htll(arguments)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stderr, "", "\(arguments)")
            for text in expected { XCTAssertTrue(r.stdout.contains(text), "\(arguments) lacks \(text):\n\(r.stdout)") }
        }
        // Installed as htllc (a symlink), the original command line answers too.
        let dir = try temporaryFolder("htll-cli")
        let link = dir.appendingPathComponent("htllc")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: Self.binary)
        let (status, text) = try output(of: link, ["--help"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(text.hasPrefix("Usage: htllc"), text)
        // A wrong command line is still a usage error.
        XCTAssertEqual(try htll(["compile", "x.htll", "--frobnicate"]).status, 2)
        XCTAssertEqual(try htll(["repl", "extra"]).status, 64)
    }

    /// -e knows HTLL (views print readably); an unbound name gets a suggestion.
    func testEvaluateWithHTLL() throws {
        let r = try htll(["-e", "(label '())", "-e", "(label '((text . \"Hi\")))"])
        XCTAssertEqual(r.stdout, "#<label>\n#<label \"Hi\">\n", r.stderr)
        XCTAssertEqual(r.status, 0)
        let typo = try htll(["-e", "(lable '())"])
        XCTAssertEqual(typo.status, 70)
        XCTAssertTrue(typo.stderr.hasPrefix("<command line>:1:1: error: unbound variable: lable; did you mean label?"), typo.stderr)
    }

    func testDisassemble() throws {
        let r = try htll(["-e", "(display (disassemble (lambda (n) (let loop ((i n)) (if (= i 0) 'done (loop (- i 1)))))))"])
        XCTAssertTrue(r.stdout.contains("ifNumEqLocalFixnum"), r.stdout)  // (= i 0) and its branch
        XCTAssertTrue(r.stdout.contains("jumpBack"), r.stdout)
        XCTAssertTrue(r.stdout.contains("return"), r.stdout)
    }

    /// 100,000 nested parentheses: an error or a value, never a crash.
    func testDeepNestingDoesNotCrash() throws {
        // Under ThreadSanitizer (`fuzz/sanitize thread` sets HTLL_SANITIZER_BUILD=thread) the expander's
        // recursion at the default limit (100,000 levels, a frame or more a level) is deeper than
        // TSan's shadow call stack, 65,536 entries that `__tsan_func_entry` fills unchecked: the
        // instrumented command then crashes in TSan's memory, not ours (fuzz/README, "Sanitizers").
        // There the same input is judged against a limit the shadow stack holds.
        let limit = ProcessInfo.processInfo.environment["HTLL_SANITIZER_BUILD"] == "thread" ? ["--nesting-limit", "20000"] : []
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        let r = try htll(limit, input: deep)
        XCTAssertEqual(r.status, 70, r.stderr)
        XCTAssertTrue(r.stderr.contains("<stdin>:1:"), r.stderr)
        let quoted = try htll(limit, input: "(display (length '" + String(repeating: "(", count: 100_000)
                              + String(repeating: ")", count: 100_000) + "))")
        XCTAssertEqual(quoted.stdout, "1", quoted.stderr)
    }

    /// `read` from a pipe answers a datum as soon as its last piece arrives: beyond the chunk it
    /// waits for, it reads ahead only what is already there (a datum of many chunks is parsed
    /// again only once the text has doubled). A datum of several chunks reads whole.
    func testReadFromAPipeAnswersEachDatumWhenItEnds() throws {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = ["-e", "(let loop () (let ((d (read))) (unless (eof-object? d) "
                       + "(write (if (pair? d) (length d) d)) (newline) (flush-output-port) (loop))))"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        let lines = LineReader(output.fileHandleForReading)
        try input.fileHandleForWriting.write(contentsOf: Data("(1 2\n".utf8))
        Thread.sleep(forTimeInterval: 0.2)
        try input.fileHandleForWriting.write(contentsOf: Data("3)\n".utf8))
        XCTAssertEqual(lines.next(timeout: 20), "3", "the datum's answer while the pipe stays open")
        try input.fileHandleForWriting.write(contentsOf: Data("(4 5)".utf8))
        XCTAssertEqual(lines.next(timeout: 20), "2", "a list complete at its `)`, no newline after it")
        try input.fileHandleForWriting.write(contentsOf: Data(" \"six\"".utf8))
        XCTAssertEqual(lines.next(timeout: 20), "\"six\"", "a string complete at its quote")
        let big = "(" + String(repeating: "x ", count: 150_000) + ")\n"   // 300 KB: five chunks
        try input.fileHandleForWriting.write(contentsOf: Data(big.utf8))
        XCTAssertEqual(lines.next(timeout: 20), "150000")
        try input.fileHandleForWriting.write(contentsOf: Data("done".utf8))
        try input.fileHandleForWriting.close()
        XCTAssertEqual(lines.next(timeout: 20), "done")
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }

    /// A program piped in with a datum of many pieces (1.2 MB: 19 pieces of 64 KB) runs under a
    /// heap limit that holds the datum a few times over: parsing it again at every piece, from its
    /// start, left the garbage of 19 parses (over 200 MB here; a 4.8 MB datum exceeded the 3 GB
    /// default), and the splitter then handed out the rest of the text in pieces.
    func testAPipedProgramWithALargeDatumReadsItOnce() throws {
        let list = (0..<100_000).map { "(a\($0 % 100) \"s\" 1)" }.joined(separator: " ")
        let r = try htll(["--heap-limit", "150"], input: "(define x '(" + list + "))\n(display (length x))\n")
        XCTAssertEqual(r.stdout, "100000", r.stderr)
        XCTAssertEqual(r.status, 0)
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

/// Lines of a child's output, read on a thread of their own so that a test can wait with a timeout.
final class LineReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var current: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                for byte in data {
                    if byte == 10 {
                        condition.lock(); lines.append(String(decoding: current, as: UTF8.self)); condition.signal(); condition.unlock()
                        current = []
                    } else {
                        current.append(byte)
                    }
                }
            }
            condition.lock(); ended = true; condition.signal(); condition.unlock()
        }
    }

    /// The next line, or nil if none came within `timeout` seconds (or the output ended).
    func next(timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !ended {
            if !condition.wait(until: deadline) { break }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }
}
