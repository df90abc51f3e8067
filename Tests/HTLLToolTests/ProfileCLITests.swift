import Foundation
import XCTest

/// `htll --profile[=FILE]`: the report goes to standard error (or FILE) after the command's own
/// output, whatever ends the command (an error, a limit, Ctrl-C), and the output is unchanged.
/// Each program runs for hundreds of samples; only the order of procedures is checked.
final class ProfileCLITests: CLITestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("htll-cli-profile")
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let hot = """
        (define (hot n) (let loop ((i 0) (acc 0)) (if (= i n) acc (loop (+ i 1) (+ acc (* i i))))))
        (define (cold n) (let loop ((i 0) (acc '())) (if (= i n) (length acc) (loop (+ i 1) (cons i acc)))))
        (define (driver k) (let loop ((j 0) (s 0)) (if (= j k) s (loop (+ j 1) (+ s (hot 100000) (cold 1000))))))
        (display (driver 300))
        """

    /// The names in the table under `heading` in report `text`, in order.
    func rows(_ text: String, under heading: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let h = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        // The heading, the column titles, then the rows (self, %, total, %, name, place) to a blank line.
        return lines[(h + 2)...].prefix { !$0.isEmpty }.compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count > 4 ? String(fields[4]) : nil
        }
    }

    /// The total samples of procedure `name` in the table under `heading` in report `text`.
    func total(_ name: String, _ text: String, under heading: String = "Top 25 by total") -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let h = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return nil }
        for line in lines[(h + 2)...].prefix(while: { !$0.isEmpty }) {
            let fields = line.split(separator: " ")
            if fields.count > 4, fields[4] == name { return Int(fields[2]) }
        }
        return nil
    }

    /// The name in the first row of the table under `heading` in report `text`.
    func firstRow(_ text: String, under heading: String) -> String? {
        rows(text, under: heading).first
    }

    func testAScriptsReportGoesToStandardError() throws {
        let script = try write("hot.scm", Self.hot)
        let plain = try htll([script])
        let r = try htll(["--profile", script])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, plain.stdout)
        XCTAssertTrue(r.stderr.hasPrefix("Profile: "), r.stderr)
        XCTAssertEqual(firstRow(r.stderr, under: "Top 25 by self"), "hot", r.stderr)
        // The driver only calls: on the stack whenever hot runs, so at least hot's total (more when
        // a sample lands in cold, which a run of a few hundred samples may miss: then the two tie
        // and either may be listed first), far below by self.
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(total("driver", r.stderr)), try XCTUnwrap(total("hot", r.stderr)), r.stderr)
        let bySelf = rows(r.stderr, under: "Top 25 by self")
        XCTAssertLessThan(bySelf.firstIndex(of: "hot") ?? 99, bySelf.firstIndex(of: "driver") ?? 99, r.stderr)
        XCTAssertTrue(r.stderr.contains("hot.scm:1"), r.stderr)
    }

    func testTheReportGoesToAFile() throws {
        let script = try write("hot.scm", Self.hot)
        let report = folder.appendingPathComponent("profile.txt").path
        let e = try htll(["--profile=\(report)", "-e", "(load \"\(script)\")"])
        XCTAssertEqual(e.status, 0, e.stderr)
        XCTAssertEqual(e.stderr, "")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertEqual(firstRow(text, under: "Top 25 by self"), "hot", text)
        let bad = try htll(["--profile=\(folder.path)/no/such/dir/p.txt", "-e", "1"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("cannot write the profile"), bad.stderr)
    }

    /// A time limit ends the script with its error, then the report.
    func testAScriptEndedByALimitStillReports() throws {
        let script = try write("spin.scm", "(define (spin) (let loop () (loop)))\n(spin)\n")
        let r = try htll(["--profile", "--time-limit", "0.4", script])
        XCTAssertEqual(r.status, 70, r.stderr)
        XCTAssertTrue(r.stderr.contains("time limit exceeded"), r.stderr)
        XCTAssertEqual(firstRow(r.stderr, under: "Top 25 by self"), "spin", r.stderr)
    }

    /// The layout commands take the flag anywhere; their output is unchanged, and the prelude's
    /// procedures are marked. Why 10,000 views: the prelude must run for tens of samples on a fast
    /// machine (200 views ran for one millisecond of CPU time, and the report had no prelude row).
    func testLayoutCommandsReport() throws {
        let views = (1...10_000).map { "(label '((text . \"L\($0)\")))" }.joined(separator: " ")
        let layout = try write("seq.htll", "(in (vseq \(views)) 'self.view)\n")
        for command in [["compile", layout, "--objc"], ["frames", layout], ["compile", layout, "--swift"]] {
            let plain = try htll(command)
            XCTAssertEqual(plain.status, 0, plain.stderr)
            let r = try htll(command + ["--profile"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdout, plain.stdout, "\(command)")
            XCTAssertTrue(r.stderr.hasPrefix("Profile: ") && r.stderr.contains(" (prelude)"), r.stderr)
        }
        let before = try htll(["--profile", "frames", layout])
        XCTAssertTrue(before.stderr.hasPrefix("Profile: "), before.stderr)
        XCTAssertEqual(try htll(["serve", layout, "--profile"]).status, 64)
    }

    func testHelpDocumentsIt() throws {
        let r = try htll(["--help"])
        XCTAssertTrue(r.stdout.contains("--profile[=FILE]"), r.stdout)
    }

    /// Ctrl-C ends a profiled script like an interrupt (status 70), and the report follows.
    func testCtrlCStillReports() throws {
        let script = try write("spin.scm", "(define (spin) (let loop () (loop)))\n(spin)\n")
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = ["--profile", script]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: 1)
        p.interrupt()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let stderr = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(p.terminationStatus, 70, stderr)
        XCTAssertTrue(stderr.contains("interrupted"), stderr)
        XCTAssertEqual(firstRow(stderr, under: "Top 25 by self"), "spin", stderr)
    }
}
