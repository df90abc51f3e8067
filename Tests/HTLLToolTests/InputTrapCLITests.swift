import Foundation
import XCTest

/// Issue 12, part 4: inputs that made the command trap. One-character file names (Foundation's
/// `deletingLastPathComponent` raised SIGILL on them), `-` and `/dev/stdin` as the program, and
/// writes that fail (a full disk): each now runs or ends with a message and an exit status.
final class InputTrapCLITests: CLITestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-cli-traps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String, _ name: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs htll in the test folder with standard input read from `stdinPath`.
    func htll(_ arguments: [String], stdinPath: String) throws -> (status: Int32, reason: Process.TerminationReason, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = arguments
        p.currentDirectoryURL = folder
        p.standardInput = try XCTUnwrap(FileHandle(forReadingAtPath: stdinPath))
        let out = folder.appendingPathComponent("stdout.txt"), err = folder.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: out)
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason, try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
    }

    /// Runs htll in the test folder with standard output going to `stdoutPath` (and standard error
    /// to `stderrPath` when given); the status and standard error.
    func htll(_ arguments: [String], stdoutPath: String, stderrPath: String? = nil) throws -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = arguments
        p.currentDirectoryURL = folder
        p.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: stdoutPath))
        let err = Pipe()
        p.standardError = try stderrPath.map { try XCTUnwrap(FileHandle(forWritingAtPath: $0)) } ?? err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = stderrPath == nil ? err.fileHandleForReading.readDataToEndOfFile() : Data()
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason, String(decoding: data, as: UTF8.self))
    }

    func testOneCharacterFileNames() throws {
        try write("(display \"x ran\")", "x")
        try write("(include \"q\")", "y")
        try write("(display \"q included\")", "q")
        try write("(load \"z\")", "w")
        try write("(include \"q\")", "z")
        try write("(include \"q\") (in (label `((text . ,t))) 'self.view)", "l/v")
        try write("(define t \"from q\")", "l/q")
        let cases: [([String], String)] = [
            (["x"], "x ran"), (["-i", "x"], "x ran"), (["y"], "q included"), (["w"], "q included"),
            (["--sandbox", "x"], "x ran"), (["--disassemble", "x"], "; toplevel"),
            (["compile", "l/v", "--action", "view-will-appear"], "label1.text = @\"from q\";\n"),
            (["compile", "l/v", "--action", "view-will-appear", "--sandbox"], "label1.text = @\"from q\";\n"),
            (["frames", "l/v", "--sandbox"], "\"text\": \"from q\""),
        ]
        for (arguments, expected) in cases {
            let r = try htll(arguments, input: "", currentDirectory: folder)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains(expected), "\(arguments): \(r.stdout)")
        }
        // From inside the layout's folder: the file name is one character.
        let inside = try htll(["compile", "v", "--action", "view-will-appear", "--sandbox"], currentDirectory: folder.appendingPathComponent("l"))
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertEqual(inside.stdout, "label1.text = @\"from q\";\n")
        // A folder, or a name that is not there, is an error, not a trap.
        for arguments in [["."], ["n"], ["compile", ".", "--action", "property"], ["compile", "n", "--action", "property"]] {
            let r = try htll(arguments, currentDirectory: folder)
            XCTAssertTrue(r.status == 70 || r.status == 1, "\(arguments): \(r.status) \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("error"), "\(arguments): \(r.stderr)")
        }
    }

    /// `htll -` runs the program on standard input, as `guile -` does; /dev/stdin works too.
    func testTheProgramOnStandardInput() throws {
        let r = try htll(["-", "a", "b"], input: "(display (command-line))\n(newline)\n(car 1)")
        XCTAssertEqual(r.status, 70)
        XCTAssertEqual(r.stdout, "(- a b)\n")
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:3:1: error: car: expected a pair, got 1"), r.stderr)
        let dev = try htll(["/dev/stdin"], input: "(display (+ 1 2))")
        XCTAssertEqual(dev.status, 0, dev.stderr)
        XCTAssertEqual(dev.stdout, "3")
        let layout = try htll(["compile", "/dev/stdin", "--action", "property"], input: "(in (label '()) 'self.view)")
        XCTAssertEqual(layout.status, 0, layout.stderr)
        XCTAssertEqual(layout.stdout, "@property (nonatomic, strong) UILabel * label1;\n")
        // Standard input that cannot be read (a folder) is an error for `-`, and the end of input
        // for (read-line) (FileHandle.availableData trapped on it).
        try write("(write (read-line))", "r.scm")
        for (arguments, status, output, message) in [(["-"], Int32(70), "", "<stdin>: error: cannot read standard input: Is a directory"),
                                                     (["r.scm"], Int32(0), "#<eof>", "")] {
            let r = try htll(arguments, stdinPath: folder.path)
            XCTAssertEqual(r.reason, .exit, "\(arguments)")
            XCTAssertEqual(r.status, status, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout, output, "\(arguments)")
            XCTAssertTrue(r.stderr.hasPrefix(message), "\(arguments): \(r.stderr)")
        }
        let disassembled = try htll(["--disassemble", "-"], input: "(display 1)")
        XCTAssertEqual(disassembled.status, 0, disassembled.stderr)
        XCTAssertTrue(disassembled.stdout.hasPrefix("; toplevel"), disassembled.stdout)
    }

    /// Output that cannot be written (a full disk) ends with a message and status 74, never a trap.
    func testOutputToAFullDisk() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        try write("(in (label '((text . \"t\"))) 'self.view)", "v.htll")
        try write("(display \"x\")", "s.scm")
        for arguments in [["compile", "v.htll", "--action", "view-will-appear"], ["compile", "v.htll", "--objc"],
                          ["compile", "v.htll", "--swift"], ["frames", "v.htll"], ["preview", "v.htll"], ["htllc", "property", "v.htll"],
                          ["s.scm"], ["-e", "(display \"x\")"], ["-e", "42"], ["--help"], ["--version"], ["--disassemble", "s.scm"]] {
            let r = try htll(arguments, stdoutPath: "/dev/full")
            XCTAssertEqual(r.reason, .exit, "\(arguments)")
            XCTAssertEqual(r.status, 74, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stderr, "htll: cannot write to standard output: No space left on device\n", "\(arguments)")
        }
        // Standard error full too: the exit status still tells.
        let both = try htll(["-e", "(car 1)"], stdoutPath: "/dev/full", stderrPath: "/dev/full")
        XCTAssertEqual(both.reason, .exit)
        XCTAssertEqual(both.status, 70)
        let layoutError = try htll(["compile", "nowhere.htll", "--action", "property"], stdoutPath: "/dev/null", stderrPath: "/dev/full")
        XCTAssertEqual(layoutError.reason, .exit)
        XCTAssertEqual(layoutError.status, 1)
    }

    /// A program's own writes to a full disk are Scheme errors (file-error?), located where they
    /// reach the disk; output a program never flushed is reported at exit.
    func testAProgramsWritesToAFullDisk() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let cases: [(String, Int32, String)] = [
            ("(define p (open-output-file \"/dev/full\"))\n(write-string \"x\" p)\n(flush-output-port p)", 70,
             "w.scm:3:1: error: flush-output-port: cannot write: No space left on device"),
            ("(define p (open-output-file \"/dev/full\"))\n(write-string (make-string 100000 #\\x) p)", 70,
             "w.scm:2:1: error: write-string: cannot write: No space left on device"),
            ("(define p (open-output-file \"/dev/full\"))\n(write-string \"x\" p)\n(close-port p)", 70,
             "w.scm:3:1: error: close-port: cannot write: No space left on device"),
            ("(define p (open-output-file \"/dev/full\"))\n(guard (e ((file-error? e) (display \"caught\")))\n  (write-string \"x\" p) (close-port p))", 0,
             ""),
            ("(define p (open-output-file \"/dev/full\"))\n(write-string \"x\" p)", 74,
             "htll: cannot write to \"/dev/full\": No space left on device"),
        ]
        for (source, status, message) in cases {
            try write(source, "w.scm")
            let r = try htll(["w.scm"], currentDirectory: folder)
            XCTAssertEqual(r.status, status, "\(source): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix(message), "\(source): \(r.stderr)")
            if status == 0 { XCTAssertEqual(r.stdout, "caught") }
        }
    }
}
