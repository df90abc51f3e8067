import Foundation
import HTLL
import XCTest

/// Generated code type-checks against the real iOS SDK with no error and no warning: every example
/// (the kitchen sink among them) and layouts made to trip the checks, as Swift in the 5 and 6
/// language modes (deployment target iOS 15), as the `--objc` category and as fragments pasted
/// into a controller. Skipped, saying why, where there is no SDK (CI has none).
final class SDKCheckTests: XCTestCase {
    func assertClean(_ outcomes: [SDKChecker.Outcome], file: StaticString = #filePath, line: UInt = #line) {
        for o in outcomes where !o.clean {
            XCTFail("\(o.name): exit \(o.status)\n\(o.output)", file: file, line: line)
        }
    }

    func testEveryExampleTypeChecksCleanly() throws {
        let checker = try SDKChecker.make()
        defer { checker.cleanUp() }
        let files = try GoldenTests.layoutFiles()
        XCTAssertTrue(files.contains { $0.lastPathComponent == "kitchen-sink.htll" })
        for url in files {
            let name = url.deletingPathExtension().lastPathComponent
            let layout = try Layout(source: String(contentsOf: url, encoding: .utf8), file: "examples/\(name).htll")
            let outcomes = try checker.checkAll(layout, name: name)
            XCTAssertEqual(outcomes.count, layout.isCellLayout ? 4 : 6)
            assertClean(outcomes)
        }
    }

    /// `htll compile --constraints`: every example the constraints can state, as Swift (controller,
    /// UIView, cell) and Objective-C (category and fragments), type-checks with no error or warning.
    func testConstraintsOutputTypeChecksCleanly() throws {
        let checker = try SDKChecker.make()
        defer { checker.cleanUp() }
        var checked = 0
        for url in try GoldenTests.layoutFiles() {
            let name = url.deletingPathExtension().lastPathComponent
            let layout = try Layout(source: String(contentsOf: url, encoding: .utf8), file: "examples/\(name).htll")
            try layout.setConstraintsOutput(true)
            // What the constraints cannot state is refused, located (ConstraintEquivalenceTests).
            guard (try? layout.swift(className: "ViewController")) != nil else { continue }
            let outcomes = try checker.checkAll(layout, name: "\(name)-constraints")
            XCTAssertEqual(outcomes.count, layout.isCellLayout ? 4 : 6)
            assertClean(outcomes)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 15)
    }

    /// The constraints of the equivalence corpus (alignments, baselines, define-primitive nodes,
    /// left and right anchors) type-check as Swift and Objective-C too.
    func testConstraintCorpusTypeChecksCleanly() throws {
        let checker = try SDKChecker.make()
        defer { checker.cleanUp() }
        for name in ["aligned", "baselines", "primitives", "rtl-fixed"] {
            let layout = try Layout(source: try XCTUnwrap(ConstraintEquivalenceTests.corpus[name]), file: "\(name).htll")
            try layout.setConstraintsOutput(true)
            let outcomes = try checker.checkAll(layout, name: "\(name)-constraints")
            XCTAssertEqual(outcomes.count, 6, name)
            assertClean(outcomes)
        }
    }

    /// Names that clash with the controller or the methods, tables whose data source is another
    /// object or the view itself, a parent other than self.view, multi-part selectors.
    func testLayoutsThatTripTheChecksTypeCheckCleanly() throws {
        let checker = try SDKChecker.make()
        defer { checker.cleanUp() }
        let layouts = [
            "clashes": """
                (let* ((view (view '((background-color . system-background))))
                       (title (label '((text . "Title"))))
                       (navigation-item (label '((text . "Item"))))
                       (sender (button (on 'touch-up-inside 'tableView:didSelect:) '((title-for-state . ("Go" . normal)))))
                       (value (slider (bind 'value "model.level")))
                       (table-view (table `((data-source . self.source) (delegate . self)))))
                  (in (vseq view title navigation-item sender value table-view) 'self.cardView))
                """,
            "cell-clashes": """
                (define table-view (label '((text . "A"))))
                (define index-path (label '((text . "B"))))
                (define cell-identifier (label '((text . "C"))))
                (in-cell (hseq table-view index-path cell-identifier) 'cell)
                """,
        ]
        for (name, source) in layouts.sorted(by: { $0.key < $1.key }) {
            let layout = try Layout(source: source, file: "\(name).htll")
            assertClean(try checker.checkAll(layout, name: name))
        }
    }

    /// The checks see what the SDK says: the original's spellings (`htllc -v ios6`) are deprecated
    /// on iOS 15 and the original's title property clashes with the controller's.
    func testTheOriginalsSpellingsDrawWarnings() throws {
        let checker = try SDKChecker.make()
        defer { checker.cleanUp() }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/gearcalc.htll")
        let layout = try Layout(source: String(contentsOf: url, encoding: .utf8), file: "gearcalc.htll", target: .ios6)
        let outcomes = try checker.checkAll(layout, name: "gearcalc-ios6")
        let fragments = try XCTUnwrap(outcomes.first { $0.name.hasSuffix("objc-fragments") })
        let text = fragments.diagnostics.joined(separator: "\n")
        XCTAssertTrue(text.contains("'UITextAttributeTextColor' is deprecated"), text)
        XCTAssertTrue(text.contains("property type 'UILabel *' is incompatible with type 'NSString * _Nullable' inherited from 'UIViewController'"), text)
    }
}

extension Layout {
    /// Whether the layout is placed with `in-cell`.
    var isCellLayout: Bool { ((try? references())?.cell) != nil }
}
