import Foundation
import XCTest
@testable import HTLL

/// Issue 12, part 4: the preview turned numbers it read back into integers with `Int(_:)`, which
/// traps on NaN, infinities and values past Int's range: in a colour's components, in HSB to RGB,
/// in number-of-lines and in the line count of a text box. Each now saturates.
final class PreviewNumberTests: XCTestCase {
    func testSaturatingConversion() {
        XCTAssertEqual(Int(saturating: .nan), 0)
        XCTAssertEqual(Int(saturating: .infinity), .max)
        XCTAssertEqual(Int(saturating: -.infinity), .min)
        XCTAssertEqual(Int(saturating: 1e300), .max)
        XCTAssertEqual(Int(saturating: -1e300), .min)
        XCTAssertEqual(Int(saturating: 9.2e18), .max)
        XCTAssertEqual(Int(saturating: 2.9), 2)
        XCTAssertEqual(Int(saturating: -2.9), -2)
    }

    /// The three places the issue names, with NaN and infinite components (a ratio of huge
    /// integers converts to NaN).
    func testNaNInColoursHueAndNumberOfLines() throws {
        func color(_ head: String, _ n: [Double]) -> PreviewColor? {
            PreviewColor(.list([.symbol(head)] + n.map { .number($0) }))
        }
        XCTAssertEqual(color("rgba-color", [.nan, .nan, .nan, .nan])?.svg, "rgb(0,0,0)")
        XCTAssertEqual(color("hsba-color", [.nan, 1, 1, .nan])?.svg, "rgb(255,0,0)")
        XCTAssertEqual(color("hsba-color", [.infinity, -.infinity, .nan, 1])?.svg, "rgb(0,0,0)")
        XCTAssertEqual(PreviewColor(.nan, .nan, .nan).svg, "rgb(0,0,0)")
        XCTAssertEqual(PreviewColor.rgb(hue: .nan, saturation: 1, brightness: 1).0, 1)
        let view = PreviewView(name: "l", kind: "label", x: 0, y: 0, width: 100, height: 40,
                               attributes: ["number-of-lines": [.number(.nan)], "text": [.string("abc")],
                                            "font": [.list([.symbol("system-font-of-size"), .number(.nan)])]],
                               location: nil, palette: .empty)
        XCTAssertNil(view.integer("number-of-lines"))
        var w = SVGWriter()
        w.textBox("abc", x: 0, y: 0, width: .nan, height: .nan, points: .nan, weight: .regular, fill: "black", maxLines: 0)
        w.textBox("abc", x: 0, y: 0, width: 100, height: .infinity, points: 0, weight: .regular, fill: "black", maxLines: 3)
        XCTAssertFalse(w.out.isEmpty)
    }

    /// A layout with hostile numbers previews (an SVG, status 0) through the command.
    func testAPreviewOfExtremeNumbers() throws {
        let big = "1" + String(repeating: "0", count: 400)
        let source = """
            (define r (/ \(big) (+ \(big) 1)))
            (in (vseq (label `((text . "a") (text-color . ,(rgba-color r r r r)) (number-of-lines . 2147483647)))
                      (label `((text . "b") (background-color . ,(hsba-color r 1e-300 r r)) (number-of-lines . -2147483648))))
                'self.view)
            """
        let layout = try Layout(source: source, file: "n.htll")
        let svg = try ModifierSupport.svg(layout)
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains(">a</text>") && svg.contains(">b</text>"), svg)
    }
}
