import Foundation
import XCTest

/// Issue 12 part 3 through the command line: `--sandbox` runs under default limits (changed by
/// flags), a limit ends the program or layout with a located error and status 70 whatever it
/// catches, and running out of memory is a heap limit reached, not a crash.
final class LimitsCLITests: CLITestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-cli-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder!) }
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A layout that spins, with or without catching its errors, ends every layout command (the
    /// defaults of --sandbox: no flag needed), located, with status 70.
    func testSandboxedLayoutsCannotSpinForever() throws {
        let spin = try write("spin.htll", "(define x 1)\n(let spin () (spin))\n(in (label '()) 'self.view)")
        let retry = try write("retry.htll", "(let retry () (guard (e (#t (retry))) (let loop () (loop))))\n(in (label '()) 'self.view)")
        for (file, location) in [(spin, "spin.htll:2:14:"), (retry, "retry.htll:1:")] {
            for args in [["compile", file, "--action", "property", "--sandbox"], ["--sandbox", "frames", file],
                         ["htllc", "--sandbox", "property", file], ["compile", "--sandbox", file, "--swift"]] {
                let r = try htll(args, currentDirectory: folder)
                XCTAssertEqual(r.status, 70, "\(args): \(r.stderr)")
                // 200 million steps take 2 s in a release build, more than the 20 s time limit in a debug one.
                XCTAssertTrue(r.stderr.contains("\(location)") && (r.stderr.contains("error: step limit exceeded")
                              || r.stderr.contains("error: time limit exceeded")), "\(args): \(r.stderr)")
            }
        }
        // The flags change the defaults, anywhere on the line.
        let timed = try htll(["compile", spin, "--step-limit", "none", "--time-limit", "0.5", "--action", "property", "--sandbox"])
        XCTAssertEqual(timed.status, 70)
        XCTAssertTrue(timed.stderr.contains("error: time limit exceeded"), timed.stderr)
        let early = try htll(["--sandbox", "--step-limit", "1000", "frames", spin])
        XCTAssertEqual(early.status, 70)
        XCTAssertTrue(early.stderr.contains("step limit exceeded"), early.stderr)
    }

    /// A huge label text and endless output are refused by the sandbox's heap and output limits.
    func testSandboxedLayoutsAreBoundedInMemoryAndOutput() throws {
        let text = try write("text.htll", "(in (label (list (cons 'text (make-string 100000000 #\\a)))) 'self.view)")
        let r = try htll(["compile", text, "--action", "view-will-appear", "--sandbox"])
        XCTAssertEqual(r.status, 70, r.stderr)
        XCTAssertTrue(r.stderr.contains("text.htll:1:") && r.stderr.contains("heap limit exceeded"), r.stderr)
        let flood = try write("flood.htll", "(let l () (display \"0123456789\") (l))\n(in (label '()) 'self.view)")
        let f = try htll(["compile", flood, "--action", "property", "--sandbox", "--output-limit", "0.01"])
        XCTAssertEqual(f.status, 70, f.stderr)
        XCTAssertTrue(f.stderr.contains("output limit exceeded"), f.stderr.suffix(300).description)
        XCTAssertLessThanOrEqual(f.stdout.utf8.count + f.stderr.utf8.count, 10_485 + 2_000)
    }

    /// Scripts: the examples of running out of memory end with a located heap-limit error
    /// and status 70 (a small --heap-limit stands for the default, a fraction of memory).
    func testRunningOutOfMemoryIsALocatedError() throws {
        let scripts = [
            "circular.scm": "(define l (list 1 2 3))\n(set-cdr! (cddr l) l)\n(map (lambda (x) x) l)",
            "alloc.scm": "(let loop ((acc '())) (loop (cons (make-vector 100 0) acc)))",
            "literal.scm": "(define x '(" + String(repeating: "1 ", count: 3_000_000) + "))",
        ]
        for (name, source) in scripts {
            let file = try write(name, source)
            let r = try htll(["--heap-limit", "32", file])
            XCTAssertEqual(r.status, 70, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("\(name):") && r.stderr.contains("error: heap limit exceeded"), "\(name): \(r.stderr)")
        }
        // A program catching everything cannot get past the limit either.
        let caught = try write("caught.scm", "(let retry () (guard (e (#t (retry))) (let loop ((acc '())) (loop (cons (make-vector 100 0) acc)))))")
        let r = try htll(["--heap-limit", "32", caught])
        XCTAssertEqual(r.status, 70, r.stderr)
        XCTAssertTrue(r.stderr.contains("heap limit exceeded"), r.stderr)
    }

    /// The defaults are in --help, and bad values are usage errors.
    func testFlagsAreDocumentedAndChecked() throws {
        let help = try htll(["--help"])
        for flag in ["--time-limit S", "--step-limit N", "--heap-limit MB", "--output-limit MB", "--depth-limit N", "--nesting-limit N"] {
            XCTAssertTrue(help.stdout.contains(flag), flag)
        }
        let spin = try write("spin.scm", "(let spin () (spin))")
        for bad in [["--time-limit", "-1"], ["--time-limit", "nan"], ["--step-limit", "x"], ["--heap-limit", "-5"],
                    ["--depth-limit", "0"], ["--nesting-limit", "none"], ["--time-limit"]] {
            let r = try htll(bad + [spin])
            XCTAssertEqual(r.status, 64, "\(bad): \(r.stderr)")
            let l = try htll(["frames", spin] + bad)
            XCTAssertEqual(l.status, 64, "\(bad): \(l.stderr)")
        }
        let r = try htll(["--sandbox", "--step-limit", "none", "--time-limit", "0.3", spin])
        XCTAssertEqual(r.status, 70)
        XCTAssertTrue(r.stderr.contains("spin.scm:1:") && r.stderr.contains("time limit exceeded"), r.stderr)
    }
}
