import XCTest
@testable import HTLL

/// Text widths come from the Nimbus Sans (Helvetica-metric) AFM tables; control sizes from the table.
final class MetricsTests: XCTestCase {
    func testWidthsAreHelveticaAdvanceWidths() {
        // Helvetica: H 722, e 556, l 222, o 556 (1/1000 em).
        XCTAssertEqual(TextMetrics.width(of: "Hello", weight: .regular, points: 17), 38.726, accuracy: 1e-9)
        XCTAssertEqual(TextMetrics.width(of: "Hello", weight: .regular, points: 10), 22.78, accuracy: 1e-9)
        XCTAssertGreaterThan(TextMetrics.width(of: "Hello", weight: .bold, points: 17),
                             TextMetrics.width(of: "Hello", weight: .regular, points: 17))
        XCTAssertEqual(TextMetrics.width(of: "", weight: .regular, points: 17), 0)
        // Latin-1 and punctuation outside ASCII are in the table; é is as wide as e.
        XCTAssertEqual(TextMetrics.advance(0xE9, .regular), TextMetrics.advance(0x65, .regular))
        XCTAssertEqual(TextMetrics.advance(0x2014, .regular), 1000)  // em dash
        XCTAssertEqual(TextMetrics.advance(0x4E2D, .regular), 1000)  // CJK: a full em
        XCTAssertEqual(TextMetrics.advance(0x0416, .regular), 556)   // other scripts: an average glyph
    }

    func testSizesSplitLines() {
        let one = TextMetrics.size(of: "ab", weight: .regular, points: 20)
        XCTAssertEqual(one.height, 24, accuracy: 1e-9)
        let two = TextMetrics.size(of: "ab\nabcd", weight: .regular, points: 20)
        XCTAssertEqual(two.height, 48, accuracy: 1e-9)
        XCTAssertEqual(two.width, TextMetrics.width(of: "abcd", weight: .regular, points: 20), accuracy: 1e-9)
    }

    func testControlMetricsTable() {
        XCTAssertEqual(ControlMetrics.forKind(.slider).height, 31)
        XCTAssertEqual(ControlMetrics.forKind(.segmentedControl).height, 29)
        XCTAssertEqual(ControlMetrics.forKind(.infoLightButton).width, 22)
        XCTAssertNil(ControlMetrics.forKind(.label).width)
        XCTAssertEqual(ControlMetrics.forKind(.view).width, 0)
    }

    func testMeasuredViewsInALayout() throws {
        let src = """
            (define t (label `((text . "Hello") (font . ,(bold-system-font-of-size 20)))))
            (define s (segmented-control '((items . ("One" "Two" "Three")))))
            (define b (rounded-rect-button '((title-for-state . ("Go" . normal)))))
            (define i (info-dark-button '()))
            (in (v... t s b i blank) 'self.view)
            """
        let layout = try Layout(source: src, file: "m.htll", scheme: ViewTests.scheme)
        let sizes = Dictionary(uniqueKeysWithValues: try layout.intrinsicSizes().map { ($0.name, [$0.width, $0.height]) })
        let bold = TextMetrics.width(of: "Hello", weight: .bold, points: 20)
        XCTAssertEqual(sizes["t"], [bold.rounded(.up), 24])
        // Three equal segments as wide as "Three" in 13 points, plus 2 x 10 points of padding each.
        let three = TextMetrics.width(of: "Three", weight: .regular, points: 13)
        XCTAssertEqual(sizes["s"], [(3 * (three + 20) - 20 + 20).rounded(.up), 29])
        XCTAssertEqual(sizes["b"], [TextMetrics.width(of: "Go", weight: .regular, points: 15).rounded(.up), 30])
        XCTAssertEqual(sizes["i"], [22, 22])
    }
}
