import Foundation
import XCTest

/// `htll --sandbox FILE`: the script runs, but every file, process and environment door is closed.
final class SandboxCLITests: CLITestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-cli-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `source` to a script file and runs it with `arguments` before the file name.
    func run(_ source: String, _ arguments: [String] = ["--sandbox"]) throws -> Result {
        let script = folder.appendingPathComponent("script.scm")
        try source.write(to: script, atomically: true, encoding: .utf8)
        return try htll(arguments + [script.path], currentDirectory: folder)
    }

    func testComputationRunsInTheSandbox() throws {
        let r = try run("(display (apply + (map (lambda (x) (* x x)) '(1 2 3))))")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "14")
    }

    func testEachDoorFails() throws {
        let victim = folder.appendingPathComponent("victim.txt")
        try "keep me".write(to: victim, atomically: true, encoding: .utf8)
        let doors = [
            "(open-input-file \"/etc/hosts\")",
            "(open-output-file \"\(folder.path)/out.txt\")",
            "(load \"/etc/hosts\")",
            "(include \"/etc/hosts\")",
            "(delete-file \"\(victim.path)\")",
            "(exit 7)",
            "(get-environment-variable \"HOME\")",
            "(get-environment-variables)",
            "(file-exists? \"/etc/hosts\")",
        ]
        for door in doors {
            let r = try run("(display \"before\")\n\(door)\n(display \"after\")")
            XCTAssertNotEqual(r.status, 0, door)
            XCTAssertNotEqual(r.status, 7, "\(door): exit went through")
            XCTAssertTrue(r.stderr.contains("sandbox"), "\(door): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("script.scm:2:"), "\(door): \(r.stderr)")
            XCTAssertEqual(r.stdout, "before", door)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: victim.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.txt").path))
    }

    func testWithoutTheFlagTheSameScriptMayExit() throws {
        let r = try run("(exit 7)", [])
        XCTAssertEqual(r.status, 7)
    }
}
