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

/// Issue 12 part 2 through the command line: `--sandbox` decides on the file actually opened.
final class SandboxEscapeCLITests: CLITestCase {
    var folder: URL!
    var secret: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("htll-cli-escape-\(UUID().uuidString)")
        folder = base.appendingPathComponent("layouts")
        secret = base.appendingPathComponent("secret.txt")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d"), withIntermediateDirectories: true)
        try "(define leaked \"the secret\")\n".write(to: secret, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    /// `folder/name`: a link reaching `target` through an expansion longer than PATH_MAX.
    func longChain(_ name: String, to target: String) throws {
        let detour = String(repeating: "d/../", count: 700)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/hop-" + name, withDestinationPath: detour + ".")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + name,
            withDestinationPath: "hop-\(name)/" + detour + String(repeating: "../", count: 64) + target.dropFirst())
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testLongLinkChainsAreRefusedByEveryLayoutCommand() throws {
        try longChain("a", to: "/proc/self/environ")
        try longChain("b", to: secret.path)
        for target in ["a", "b"] {
            let include = try write("include.htll", "(include \"\(target)\")\n(in (label '()) 'self.view)")
            let label = try write("label.htll", "(in (label `((text . ,(call-with-input-file \"\(target)\" read-line)))) 'self.view)")
            for layout in [include, label] {
                for args in [["compile", layout, "--action", "view-will-appear", "--sandbox"], ["--sandbox", "frames", layout],
                             ["compile", layout, "--swift", "--sandbox"], ["htllc", "--sandbox", "view-will-appear", layout],
                             ["preview", layout, "--sandbox"]] {
                    let r = try htll(args, currentDirectory: folder)
                    XCTAssertEqual(r.status, 1, "\(args): \(r.stdout)")
                    XCTAssertTrue(r.stderr.contains("is not allowed in the sandbox"), "\(args): \(r.stderr)")
                    for leak in ["PATH=", "HOME=", "the secret"] {
                        XCTAssertFalse(r.stdout.contains(leak) || r.stderr.contains(leak), "\(args) leaked \(leak)")
                    }
                }
            }
        }
    }

    /// The script sandbox too: `htll --sandbox` (which allows no folder) refuses the chain, /proc,
    /// standard input by name and a FIFO, at once.
    func testScriptsCannotReadThroughLinksProcOrFifos() throws {
        try longChain("a", to: "/proc/self/environ")
        XCTAssertEqual(mkfifo(folder.path + "/fifo", 0o600), 0)
        for (door, expected) in [("(load \"a\")", "not allowed"), ("(include \"/proc/self/environ\")", "not allowed"),
                                 ("(display (read-line (open-input-file \"/dev/stdin\")))", "not allowed"),
                                 ("(open-input-file \"fifo\")", "not allowed")] {
            let script = try write("script.scm", door)
            let r = try htll(["--sandbox", script], input: "PATH=from stdin\n", currentDirectory: folder)
            XCTAssertEqual(r.status, 70, door)
            XCTAssertTrue(r.stderr.contains(expected), "\(door): \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("PATH="), door)
        }
    }

    /// A layout that is itself a link out of its folder is not read with --sandbox.
    func testTheLayoutFileMustBeInsideItsFolder() throws {
        let link = folder.appendingPathComponent("link.htll").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: secret.path)
        let r = try htll(["compile", link, "--action", "property", "--sandbox"], currentDirectory: folder)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("not allowed in the sandbox"), r.stderr)
        XCTAssertFalse(r.stderr.contains("the secret"), r.stderr)
    }
}
