import XCTest
import HTLL

/// Every layout primitive, solved concretely: views with a `size` attribute or plain views that
/// take their whole area keep the expected numbers independent of text metrics.
final class PrimitiveTests: XCTestCase {
    func frames(_ source: String, _ width: Double = 300, _ height: Double = 400) throws -> [String: [Double]] {
        let layout = try Layout(source: source, file: "p.htll", scheme: ViewTests.scheme)
        var result: [String: [Double]] = [:]
        for f in try layout.frames(width: width, height: height) { result[f.name] = [f.x, f.y, f.width, f.height] }
        return result
    }

    func assertFrames(_ source: String, _ expected: [String: [Double]], file: StaticString = #filePath, line: UInt = #line) throws {
        let got = try frames(source)
        XCTAssertEqual(Set(got.keys), Set(expected.keys), file: file, line: line)
        for (name, e) in expected {
            guard let g = got[name] else { continue }
            for (a, b) in zip(g, e) { XCTAssertEqual(a, b, accuracy: 1e-9, "\(name): \(g) vs \(e)", file: file, line: line) }
        }
    }

    let defs = """
        (define a (view '()))
        (define b (view '()))
        (define c (view '()))
        (define fixed-a (view '((size 50 20))))
        (define fixed-b (view '((size 30 10))))
        """

    func testAboveAndBesideSplitByRatio() throws {
        try assertFrames(defs + "(in (above a b 0.3) 'self.view)", ["a": [0, 0, 300, 120], "b": [0, 120, 300, 280]])
        try assertFrames(defs + "(in (beside a b 0.25) 'self.view)", ["a": [0, 0, 75, 400], "b": [75, 0, 225, 400]])
    }

    /// Exact ratios (`1/3`, `(/ 100 3)`) solve exactly and reach generated code as floating-point
    /// literals: C and Swift would divide `1/3` as integers.
    func testExactRatiosBecomeFloatingPointInEveryOutput() throws {
        let source = defs + """
            (define d (view '((alpha . 1/3))))
            (in (above a (beside b (padding (/ 10 3) d) 1/3) 2/7) 'self.view)
            """
        try assertFrames(source, ["a": [0, 0, 300, 800.0 / 7], "b": [0, 800.0 / 7, 100, 2000.0 / 7],
                                  "d": [100 + 10.0 / 3, 800.0 / 7 + 10.0 / 3, 200 - 20.0 / 3, 2000.0 / 7 - 20.0 / 3]])
        let layout = try Layout(source: source, file: "p.htll", scheme: ViewTests.scheme)
        let objc = try layout.objectiveC(.viewWillLayoutSubviews) + (try layout.objectiveC(.viewWillAppear))
        let swift = try layout.swift()
        let json = try layout.framesJSON(width: 300, height: 400)
        for (name, text) in [("objc", objc), ("swift", swift), ("json", json)] {
            XCTAssertFalse(text.contains("1/3") || text.contains("2/7") || text.contains("10/3"), "\(name): \(text)")
        }
        XCTAssertTrue(objc.contains("0.2857142857 * self.view.bounds.size.height"), objc)
        XCTAssertTrue(objc.contains("0.3333333333 * self.view.bounds.size.width"), objc)
        XCTAssertTrue(objc.contains("d.alpha = 0.3333333333;"), objc)
        XCTAssertTrue(swift.contains("0.2857142857 * self.view.bounds.height"), swift)
        XCTAssertTrue(json.contains("\"alpha\": 0.3333333333"), json)
    }

    func testWrapPrimitivesGiveTheRestToTheOtherSide() throws {
        try assertFrames(defs + "(in (^^ fixed-a b 5) 'self.view)", ["fixedA": [0, 0, 50, 20], "b": [0, 25, 300, 375]])
        try assertFrames(defs + "(in (vv a fixed-a 5) 'self.view)", ["a": [0, 0, 300, 375], "fixedA": [0, 380, 50, 20]])
        try assertFrames(defs + "(in (<< fixed-b b 4) 'self.view)", ["fixedB": [0, 0, 30, 10], "b": [34, 0, 266, 400]])
        try assertFrames(defs + "(in (>> a fixed-b) 'self.view)", ["a": [0, 0, 270, 400], "fixedB": [270, 0, 30, 10]])
    }

    func testCenterPadsBothWays() throws {
        try assertFrames(defs + "(in (center a 0.1 0.25) 'self.view)", ["a": [30, 100, 240, 200]])
    }

    func testSequencesShareEquallyOrWrap() throws {
        try assertFrames(defs + "(in (hseq a b c) 'self.view)", ["a": [0, 0, 100, 400], "b": [100, 0, 100, 400], "c": [200, 0, 100, 400]])
        try assertFrames(defs + "(in (vseq a b blank c) 'self.view)", ["a": [0, 0, 300, 100], "b": [0, 100, 300, 100], "c": [0, 300, 300, 100]])
        try assertFrames(defs + "(in (h... fixed-a fixed-b c) 'self.view)",
                         ["fixedA": [0, 0, 50, 20], "fixedB": [50, 0, 30, 10], "c": [80, 0, 220, 400]])
        try assertFrames(defs + "(in (v... fixed-a fixed-b c) 'self.view)",
                         ["fixedA": [0, 0, 50, 20], "fixedB": [0, 20, 30, 10], "c": [0, 30, 300, 370]])
    }

    func testBlankOccupiesItsShare() throws {
        try assertFrames(defs + "(in (beside blank a 0.5) 'self.view)", ["a": [150, 0, 150, 400]])
    }

    func testWrappedLabelIsMeasuredWithHelveticaMetrics() throws {
        // "Hello" in 17-point Helvetica: (722 + 556 + 222 + 222 + 556) / 1000 * 17 = 38.726, rounded up;
        // one line is 17 * 1.2 = 20.4 points high, rounded up.
        try assertFrames("(define hello (label '((text . \"Hello\"))))\n(define b (view '()))\n(in (<< hello b) 'self.view)",
                         ["hello": [0, 0, 39, 400], "b": [39, 0, 261, 400]])
        try assertFrames("(define hello (label '((text . \"Hello\"))))\n(define b (view '()))\n(in (^^ hello b) 'self.view)",
                         ["hello": [0, 0, 300, 21], "b": [0, 21, 300, 379]])
    }

    func testWrapInsideRatioAndNestedWraps() throws {
        // The original htllc crashed on a ^^ nested in a beside.
        try assertFrames(defs + "(in (beside (^^ fixed-a b 5) c 0.5) 'self.view)",
                         ["fixedA": [0, 0, 50, 20], "b": [0, 25, 150, 375], "c": [150, 0, 150, 400]])
        try assertFrames(defs + "(in (vv a (<< fixed-a fixed-b 2) 6) 'self.view)",
                         ["a": [0, 0, 300, 374], "fixedA": [0, 380, 50, 20], "fixedB": [52, 380, 30, 10]])
    }

    func testInCellLaysOutOnTheContentView() throws {
        for parent in ["'cell", "'cell.contentView"] {
            let layout = try Layout(source: "(define t (label '()))\n(in-cell t \(parent))", file: "c.htll")
            XCTAssertEqual(try layout.objectiveC(.cellLayout),
                           "t.frame = (CGRect) {{0, 0}, {cell.contentView.bounds.size.width, cell.contentView.bounds.size.height}};\n")
            XCTAssertTrue(try layout.objectiveC(.cellInit).contains("[cell.contentView addSubview:t];"))
        }
    }

    func testUsersDefineNewPrimitivesInScheme() throws {
        let src = """
            (define (three-columns left middle right)
              (beside left (beside middle right 0.5) 0.25))
            (define a (view '()))
            (define b (view '()))
            (define c (view '()))
            (in (three-columns a b c) 'self.view)
            """
        try assertFrames(src, ["a": [0, 0, 75, 400], "b": [75, 0, 112.5, 400], "c": [187.5, 0, 112.5, 400]])
    }

    func testSymbolicFramesAreSimplifiedAndNeverDivideIntegers() throws {
        let layout = try Layout(source: defs + "(in (hseq a b c) 'self.view)", file: "p.htll")
        let code = try layout.objectiveC(.viewWillLayoutSubviews)
        XCTAssertEqual(code, """
            a.frame = (CGRect) {{0, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};
            b.frame = (CGRect) {{a.bounds.size.width, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};
            c.frame = (CGRect) {{a.bounds.size.width + b.bounds.size.width, 0}, {0.3333333333 * self.view.bounds.size.width, self.view.bounds.size.height}};

            """)
        XCTAssertFalse(code.contains("/"))
        XCTAssertFalse(code.contains("* 1,"))
        XCTAssertFalse(code.contains("+ 0"))
    }
}
