import Foundation
import XCTest
import Scheme
@testable import HTLL

/// `Layout(contentsOfFile:sandbox: true)` (what `htll compile --sandbox` uses) against the attacks
/// of issue 12 part 2: the layout reads its own folder's regular files and nothing else, however
/// the path is spelled or linked, and the preview watcher reads no more than the layout may.
final class SandboxLayoutTests: XCTestCase {
    var dir = ""
    var secret = ""

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("htll-sandbox-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("layout/d"), withIntermediateDirectories: true)
        dir = base.appendingPathComponent("layout").path
        secret = base.appendingPathComponent("secret.htll").path
        try "(define text \"the secret\")\n".write(toFile: secret, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    /// The error compiling a layout written to `dir/main.htll` in the sandbox, or nil if it compiled.
    func sandboxedError(_ main: String, name: String = "main.htll") throws -> String? {
        try main.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        do {
            let layout = try Layout(contentsOfFile: dir + "/" + name, sandbox: true)
            let code = try layout.objectiveC(.viewWillAppear)
            XCTAssertFalse(code.contains("the secret") || code.contains("PATH="), code)
            return nil
        } catch {
            let text = "\(error)"
            XCTAssertFalse(text.contains("the secret") || text.contains("PATH="), text)
            return text
        }
    }

    /// A link whose expansion is longer than PATH_MAX (string checks gave up and let it through).
    func longChain(_ name: String, to target: String) throws {
        let detour = String(repeating: "d/../", count: 700)
        try FileManager.default.createSymbolicLink(atPath: dir + "/hop-" + name, withDestinationPath: detour + ".")
        try FileManager.default.createSymbolicLink(atPath: dir + "/" + name,
            withDestinationPath: "hop-\(name)/" + detour + String(repeating: "../", count: 64) + target.dropFirst())
    }

    func testIncludesAndLabelTextsCannotLeaveTheFolder() throws {
        try longChain("a", to: "/proc/self/environ")
        try longChain("b", to: secret)
        try FileManager.default.createSymbolicLink(atPath: dir + "/c", withDestinationPath: secret)
        for name in ["a", "b", "c", secret, "../secret.htll", "d/../../secret.htll", "/proc/self/environ", "/dev/stdin"] {
            let include = try sandboxedError("(include \"\(name)\")\n(in (label `((text . ,text))) 'self.view)")
            XCTAssertTrue(include?.contains("is not allowed in the sandbox") == true, "\(name): \(include ?? "compiled")")
            let text = try sandboxedError("(in (label `((text . ,(call-with-input-file \"\(name)\" read-line)))) 'self.view)")
            XCTAssertTrue(text?.contains("is not allowed in the sandbox") == true, "\(name): \(text ?? "compiled")")
        }
    }

    func testAFifoInTheFolderIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(dir + "/fifo.htll", 0o600), 0)
        let m = try sandboxedError("(include \"fifo.htll\")\n(in (label '()) 'self.view)")
        XCTAssertTrue(m?.contains("is not a regular file") == true, m ?? "compiled")
        XCTAssertEqual(PreviewWatcher.watchedFiles(for: dir + "/main.htll"), [dir + "/main.htll", dir + "/fifo.htll"])
    }

    /// The layout file itself must be a regular file inside its folder.
    func testTheLayoutFileItselfIsCheckedToo() throws {
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.htll", withDestinationPath: secret)
        XCTAssertThrowsError(try Layout(contentsOfFile: dir + "/link.htll", sandbox: true)) { error in
            XCTAssertTrue("\(error)".contains("not allowed in the sandbox"), "\(error)")
        }
        // Without the sandbox the link is read (the error is about its contents, a define without a view).
        XCTAssertThrowsError(try Layout(contentsOfFile: dir + "/link.htll", sandbox: false)) { error in
            XCTAssertTrue("\(error)".contains("no top-level (in ...)"), "\(error)")
        }
        XCTAssertThrowsError(try Layout(contentsOfFile: dir + "/d", sandbox: true)) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
    }

    func testIncludesInsideTheFolderStillWork() throws {
        try "(define text \"inside\")\n".write(toFile: dir + "/d/parts.htll", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/alias.htll", withDestinationPath: "d/parts.htll")
        for name in ["d/parts.htll", "alias.htll", "d/../d/parts.htll"] {
            XCTAssertNil(try sandboxedError("(include \"\(name)\")\n(in (label `((text . ,text))) 'self.view)"), name)
        }
    }

    /// `preview --watch` with --sandbox follows only includes the sandbox allows.
    func testTheWatcherReadsOnlyWhatTheSandboxAllows() throws {
        try "(include \"../secret.htll\")\n(include \"d/ok.htll\")\n".write(toFile: dir + "/main.htll", atomically: true, encoding: .utf8)
        try "(include \"../../other.htll\")\n".write(toFile: dir + "/d/ok.htll", atomically: true, encoding: .utf8)
        try "(include \"far.htll\")\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let sandbox = FileSandbox(allowedFolders: [dir])
        XCTAssertEqual(PreviewWatcher.watchedFiles(for: dir + "/main.htll", sandbox: sandbox), [dir + "/main.htll", dir + "/d/ok.htll"])
        XCTAssertEqual(PreviewWatcher.watchedFiles(for: dir + "/main.htll").count, 3)
    }
}
