import Foundation
import XCTest

/// A layout that asks about traits is evaluated once more for each representative combination
/// (82-variants.scm) whose answers to what it asked differ from every earlier one's: a combination
/// that answers the same builds the same layout and shares its branch. Counted by what the layout
/// prints as it is evaluated (its standard error), once for its load and once per evaluation.
final class TraitEvaluationCLITests: CLITestCase {
    /// Two labels side by side in landscape and stacked in portrait, after printing `E` and asking `ask`.
    func layout(asking ask: String) -> String {
        """
        (display "E")
        \(ask)
        (define v0 (label '((text . "L0"))))
        (define v1 (label '((text . "L1"))))
        (in (if (landscape?) (hseq v0 v1) (vseq v0 v1)) 'self.view)
        """
    }

    func evaluations(_ source: String, _ arguments: [String]) throws -> (count: Int, result: Result) {
        let folder = try temporaryFolder("htll-trait-evaluations")
        try source.write(to: folder.appendingPathComponent("t.htll"), atomically: true, encoding: .utf8)
        let r = try htll(arguments.map { $0 == "FILE" ? "t.htll" : $0 }, currentDirectory: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        return (r.stderr.filter { $0 == "E" }.count, r)
    }

    func testEachDistinctAnswerIsEvaluatedOnce() throws {
        // The orientation only: portrait and landscape, 1 + 2 evaluations (before: 1 + 5).
        let orientation = try evaluations(layout(asking: ""), ["compile", "FILE", "--objc"])
        XCTAssertEqual(orientation.count, 3)
        XCTAssertTrue(orientation.result.stdout.contains("if (self.view.bounds.size.width <= self.view.bounds.size.height) {"))
        XCTAssertTrue(orientation.result.stdout.contains("} else {"))
        // The idiom too: the large iPhone in landscape answers as the iPhone in landscape.
        XCTAssertEqual(try evaluations(layout(asking: "(device-idiom)"), ["compile", "FILE", "--swift"]).count, 5)
        // The canvas width: every combination answers its own.
        XCTAssertEqual(try evaluations(layout(asking: "(canvas-width)"), ["compile", "FILE", "--objc"]).count, 6)
        // Nothing asked: the layout is evaluated once, for its load.
        let plain = "(display \"E\")\n(in (vseq (label '((text . \"a\")))) 'self.view)"
        XCTAssertEqual(try evaluations(plain, ["compile", "FILE", "--objc"]).count, 1)
    }
}
