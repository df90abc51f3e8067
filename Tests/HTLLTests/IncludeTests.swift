import Foundation
import XCTest
import Scheme
@testable import HTLL

/// `(include "file.htll")` in layouts: paths relative to the including file, nesting, cycles,
/// missing files, errors located in the included file, shared defines, and the sandbox.
final class IncludeTests: XCTestCase {
    var dir: String = ""

    override func setUpWithError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("htll-include-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("shared"), withIntermediateDirectories: true)
        // Resolved like the layout names it, so expected messages can be spelled from it.
        dir = url.path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }

    func load(_ main: String, scheme: Scheme = ViewTests.scheme) throws -> Layout {
        try write("main.htll", main)
        return try Layout(source: main, file: dir + "/main.htll", scheme: scheme)
    }

    /// The error loading `main` (as DIR/main.htll) gives, with DIR written as `DIR`.
    func message(_ main: String, scheme: Scheme = ViewTests.scheme) -> String {
        do {
            _ = try load(main, scheme: scheme).objectiveC(.viewWillAppear)
            XCTFail("no error for: \(main)")
            return ""
        } catch {
            return "\(error)".replacingOccurrences(of: dir, with: "DIR")
        }
    }

    func testNestedIncludesResolveAgainstTheIncludingFile() throws {
        // A decoy beside main.htll: theme.htll's "palette.htll" must be the one in shared/.
        try write("palette.htll", "(define accent 'red-color)\n")
        try write("shared/palette.htll", "(define accent 'blue-color)\n(define gap 12)\n")
        try write("shared/theme.htll", """
            (include "palette.htll")
            (define-style heading `((text-color . ,accent)))
            (define header (label 'heading '((text . "Header"))))

            """)
        let layout = try load("(include \"shared/theme.htll\")\n(define body (label 'heading '((text . \"Body\"))))\n(in (^^ header body gap) 'self.view)\n")
        XCTAssertEqual(try layout.objectiveC(.viewWillAppear), """
            header.textColor = [UIColor blueColor];
            header.text = @"Header";
            body.textColor = [UIColor blueColor];
            body.text = @"Body";

            """)
        // The view defined in the included file is named by its variable and located there.
        let json = try layout.framesJSON(width: 390, height: 844)
        XCTAssertTrue(json.contains("\"name\": \"header\""), json)
        XCTAssertTrue(json.contains("\"location\": \"\(dir)/shared/theme.htll:3:16\""), json)
        XCTAssertTrue(json.contains("\"y\": 33"), "gap from the nested include: 21 + 12\n" + json)
    }

    func testSeveralFilesInOneIncludeAndInsideBegin() throws {
        try write("a.htll", "(define a-text \"A\")\n")
        try write("shared/b.htll", "(define b-text \"B\")\n")
        let code = try load("(begin (include \"a.htll\" \"shared/b.htll\"))\n(in (label `((text . ,(string-append a-text b-text)))) 'self.view)\n")
            .objectiveC(.viewWillAppear)
        XCTAssertEqual(code, "label1.text = @\"AB\";\n")
    }

    func testIncludeCyclesAreErrorsListingTheChain() throws {
        try write("a.htll", "(include \"shared/b.htll\")\n")
        try write("shared/b.htll", "(define x 1)\n  (include \"../a.htll\")\n")
        XCTAssertEqual(message("(include \"a.htll\")\n(in (label '()) 'self.view)"),
                       "DIR/shared/b.htll:2:3: error: include \"../a.htll\": include cycle DIR/main.htll -> DIR/a.htll -> DIR/shared/b.htll -> DIR/a.htll")
        XCTAssertEqual(message("(include \"./main.htll\")"),
                       "DIR/main.htll:1:1: error: include \"./main.htll\": include cycle DIR/main.htll -> DIR/main.htll")
    }

    func testAMissingFileIsAnErrorAtTheInclude() {
        XCTAssertEqual(message("(define x 1)\n(include \"shared/nope.htll\")\n(in (label '()) 'self.view)"),
                       "DIR/main.htll:2:1: error: include \"shared/nope.htll\": no such file DIR/shared/nope.htll")
        XCTAssertEqual(message("(include \"shared\")"),
                       "DIR/main.htll:1:1: error: include \"shared\": DIR/shared is a folder, not a file")
        XCTAssertEqual(message("(include shared/x)"),
                       "DIR/main.htll:1:1: error: include: expected (include \"FILE\" ...), got (include shared/x)")
    }

    func testErrorsInAnIncludedFileAreLocatedThere() throws {
        try write("shared/bad.htll", "(define ok 1)\n\n(define l (label '((txt . \"x\"))))\n")
        XCTAssertEqual(message("(include \"shared/bad.htll\")\n(in l 'self.view)"),
                       "DIR/shared/bad.htll:3:11: error: label has no attribute txt; did you mean text?")
        try write("shared/style.htll", "(define-style s\n  '((fnt . 1)))\n")
        XCTAssertEqual(message("(include \"shared/style.htll\")"),
                       "DIR/shared/style.htll:1:1: error: define-style s: no view has an attribute fnt; did you mean font?")
        try write("shared/unclosed.htll", "(define a 1)\n(define b (label '()\n")
        XCTAssertEqual(message("(include \"shared/unclosed.htll\")"),
                       "DIR/shared/unclosed.htll:3:1: error: unexpected end of input in list started at 2:1")
        // After an error inside an include, the next layout in the same instance starts afresh.
        XCTAssertEqual(message("(in (label '((txt . 1))) 'self.view)"),
                       "DIR/main.htll:1:5: error: label has no attribute txt; did you mean text?")
    }

    func testTheSandboxAllowsIncludesInsideItsFoldersOnly() throws {
        let s = Scheme(sandbox: true)
        s.allowedFolders = [dir]
        try HTLL.install(into: s)
        try write("shared/inside.htll", "(define greeting \"inside\")\n")
        let code = try load("(include \"shared/inside.htll\")\n(in (label `((text . ,greeting))) 'self.view)", scheme: s)
            .objectiveC(.viewWillAppear)
        XCTAssertEqual(code, "label1.text = @\"inside\";\n")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("htll-outside-\(UUID().uuidString).htll").path
        try "(define leaked 1)\n".write(toFile: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        XCTAssertEqual(message("\n(include \"\(outside)\")", scheme: s),
                       "DIR/main.htll:2:1: error: include \"\(outside)\": access to \"\(outside)\" is not allowed in the sandbox")
        XCTAssertEqual(message("(include \"../\((outside as NSString).lastPathComponent)\")", scheme: s),
                       "DIR/main.htll:1:1: error: include \"../\((outside as NSString).lastPathComponent)\": access to \"\(outside)\" is not allowed in the sandbox")
    }

    func testTheExampleIncludesItsSharedFiles() throws {
        let main = GoldenTests.examples.appendingPathComponent("included.htll").path
        let layout = try Layout(contentsOfFile: main)
        let code = try layout.objectiveC(.viewWillAppear)
        XCTAssertTrue(code.contains("header.backgroundColor = [UIColor systemGroupedBackgroundColor];"), code)
        XCTAssertTrue(code.contains("greeting.text = @\"Gear Calc\";"), code)
    }

    func testPreviewWatchFollowsNestedIncludesRelativeToEachFile() throws {
        try write("shared/palette.htll", "(define accent 'blue-color)\n")
        try write("shared/theme.htll", "(include \"palette.htll\")\n")
        try write("main.htll", "(include \"shared/theme.htll\")\n")
        XCTAssertEqual(PreviewWatcher.watchedFiles(for: dir + "/main.htll"),
                       [dir + "/main.htll", dir + "/shared/theme.htll", dir + "/shared/palette.htll"])
        // A cycle through "../" names each file once.
        try write("shared/palette.htll", "(include \"../main.htll\")\n")
        XCTAssertEqual(PreviewWatcher.watchedFiles(for: dir + "/./main.htll"),
                       [dir + "/main.htll", dir + "/shared/theme.htll", dir + "/shared/palette.htll"])
        XCTAssertEqual(PreviewWatcher.normalized("a/./b/../c.htll"), "a/c.htll")
        XCTAssertEqual(PreviewWatcher.normalized("../x/../../y"), "../../y")
        XCTAssertEqual(PreviewWatcher.normalized("/a/../../b"), "/b")
    }
}
