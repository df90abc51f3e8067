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
            // The message names the procedure that was refused (load is not reported as include).
            let name = door.dropFirst().prefix { $0 != " " && $0 != ")" }
            XCTAssertTrue(r.stderr.contains("error: \(name):"), "\(door): \(r.stderr)")
            XCTAssertEqual(r.stdout, "before", door)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: victim.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.txt").path))
    }

    func testWithoutTheFlagTheSameScriptMayExit() throws {
        let r = try run("(exit 7)", [])
        XCTAssertEqual(r.status, 7)
    }

    /// The layout commands an Xcode build runs take --sandbox too (before or after the command):
    /// the layout still compiles and includes files from its folder, and cannot read anything else.
    func testLayoutCommandsRunSandboxed() throws {
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try "(define greeting \"Hello\")".write(to: shared.appendingPathComponent("strings.htll"), atomically: true, encoding: .utf8)
        let good = folder.appendingPathComponent("good.htll")
        try "(include \"shared/strings.htll\")\n(in (label `((text . ,greeting))) 'self.view)"
            .write(to: good, atomically: true, encoding: .utf8)
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("htll-secret-\(UUID().uuidString).txt")
        try "secret".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let evil = folder.appendingPathComponent("evil.htll")
        try "(define s (call-with-input-file \"\(secret.path)\" read-line))\n(in (label `((text . ,s))) 'self.view)"
            .write(to: evil, atomically: true, encoding: .utf8)

        let compiled = try htll(["compile", good.path, "--action", "view-will-appear", "--sandbox"], currentDirectory: folder)
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertTrue(compiled.stdout.contains("label1.text = @\"Hello\";"), compiled.stdout)
        for args in [["compile", evil.path, "--action", "view-did-load", "--sandbox"], ["--sandbox", "frames", evil.path],
                     ["compile", evil.path, "--swift", "--sandbox"], ["preview", evil.path, "--sandbox"],
                     ["htllc", "--sandbox", "property", evil.path]] {
            let r = try htll(args, currentDirectory: folder)
            XCTAssertEqual(r.status, 1, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains("evil.htll:1:11: error: open-input-file: access to"), r.stderr)
            XCTAssertTrue(r.stderr.contains("is not allowed in the sandbox"), r.stderr)
        }
        // Without the flag the same layout reads the file: the sandbox is what stopped it.
        let open = try htll(["frames", evil.path], currentDirectory: folder)
        XCTAssertEqual(open.status, 0, open.stderr)
        XCTAssertTrue(open.stdout.contains("\"text\": \"secret\""), open.stdout)
    }
}
