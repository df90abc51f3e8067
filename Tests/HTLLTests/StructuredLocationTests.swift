import Foundation
import XCTest
import Scheme
@testable import HTLL

/// Layout errors take their location from the error's fields, never from its text: a file whose
/// path has spaces and colons is named once, exactly.
final class StructuredLocationTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("htll loc: \(UUID().uuidString)").appendingPathComponent("My Layouts: v2")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("shared: parts"), withIntermediateDirectories: true)
        dir = url.path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: dir).deletingLastPathComponent().path)
    }

    /// The error of loading and compiling `text` as `name` in the folder.
    func layoutError(_ name: String, _ text: String) throws -> LayoutError {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Layout(contentsOfFile: path).objectiveC(.viewWillAppear)
        } catch let e as LayoutError {
            return e
        }
        struct NoError: Error { let layout: String }
        throw NoError(layout: text)
    }

    func testAttributeErrorInAPathWithSpacesAndColons() throws {
        let e = try layoutError("bad: one.htll", "(in (label '((text . \"x\")\n              (text-colour . red-color))) 'self.view)")
        let path = dir + "/bad: one.htll"
        XCTAssertEqual(e.message, "\(path):1:5: error: label has no attribute text-colour; did you mean text-color?")
        XCTAssertEqual(e.file, path)
        XCTAssertEqual(e.line, 1)
        XCTAssertEqual(e.column, 5)
        XCTAssertEqual(e.message.components(separatedBy: path).count, 2, "the path is printed once: \(e.message)")
    }

    func testErrorsInIncludedFilesAndWholeFileErrors() throws {
        try "(define a 1)\n(define b (label '((txt . 1))))\n"
            .write(toFile: dir + "/shared: parts/part one.htll", atomically: true, encoding: .utf8)
        let included = try layoutError("main.htll", "(include \"shared: parts/part one.htll\")\n(in b 'self.view)")
        XCTAssertEqual(included.message, "\(dir)/shared: parts/part one.htll:2:11: error: label has no attribute txt; did you mean text?")
        XCTAssertEqual(included.line, 2)
        try "(define a (label '()\n".write(toFile: dir + "/shared: parts/open.htll", atomically: true, encoding: .utf8)
        let unread = try layoutError("main.htll", "(include \"shared: parts/open.htll\")")
        XCTAssertEqual(unread.message, "\(dir)/shared: parts/open.htll:2:1: error: unexpected end of input in list started at 1:1")
        let empty = try layoutError("no top: level.htll", "(define a (label '()))")
        XCTAssertEqual(empty.message, "\(dir)/no top: level.htll: error: the layout has no top-level (in ...) or (in-cell ...)")
        XCTAssertEqual(empty.line, 0)
    }

    /// A layout nested deeper than the expander allows is located where the nesting is.
    func testNestingTooDeepInALayoutIsLocated() throws {
        let deep = "(define n\n  " + String(repeating: "(+ 1 ", count: 3_000) + "1" + String(repeating: ")", count: 3_000) + ")\n"
        let e = try layoutError("deep: file.htll", deep + "(in (label '()) 'self.view)")
        XCTAssertEqual(e.file, dir + "/deep: file.htll")
        XCTAssertEqual(e.line, 2)
        XCTAssertTrue(e.message.contains("error: expression nested too deeply"), e.message)
    }

    /// Nested layout primitives (which the loader rewrites to record their locations) deeper than
    /// the nesting limit (2,000 by default) are refused at the first form past it, located: `in` is
    /// the first level and the `above` on line L the L-th, so the `'()` in the label of the `above`
    /// on line 1,999 (column 15) is the 2,001st.
    func testNestedPrimitivesTooDeepAreRefusedWhereTheLimitIsPassed() throws {
        let n = 100_000
        let deep = "(in\n" + String(repeating: "(above (label '())\n", count: n) + "(label '())"
            + String(repeating: " 0.5)", count: n) + " 'self.view)\n"
        let e = try layoutError("deep primitives.htll", deep)
        XCTAssertEqual(e.file, dir + "/deep primitives.htll")
        XCTAssertEqual(e.line, 1_999)
        XCTAssertEqual(e.column, 15)
        XCTAssertTrue(e.message.hasSuffix("error: expression nested too deeply (more than 2000 levels)"), e.message)
    }
}
