import XCTest
import HTLL
import Scheme

/// Alignment across a sequence's axis: (>> label toggle 8 'center), (hseq* 8 'start 'end a b),
/// (hseq 'center a b), (h... 'center a b): each child at its own length across the axis, at the
/// start, centre or end of its area; 'fill (the default) stretches it as before.
final class AlignmentTests: SmallLayoutTestCase {
    override class var file: String { "a.htll" }

    func frames(_ source: String, _ w: Double = 390, _ h: Double = 100) throws -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for f in try layout(source).frames(width: w, height: h) { result[f.name] = [f.x, f.y, f.width, f.height] }
        return result
    }

    /// A label (21 points high in 17-point text) next to a 31-point switch.
    let row = "(define name (label '((text . \"Wi-Fi\"))))\n(define toggle (switch '()))\n"

    /// The label's own width and height.
    func labelSize() throws -> (w: Double, h: Double) {
        let s = try XCTUnwrap(try layout(row + "(in (hseq name toggle) 'self.view)").intrinsicSizes().first { $0.name == "name" })
        return (s.width, s.height)
    }

    func testWrapsAlignAcross() throws {
        let (lw, lh) = try labelSize()
        XCTAssertEqual(lh, 21)
        let centred = try frames(row + "(in (>> name toggle 8 'center) 'self.view)")
        XCTAssertEqual(centred["name"], [0, (100 - lh) / 2, 331, lh])
        XCTAssertEqual(centred["toggle"], [339, 34.5, 51, 31])
        let top = try frames(row + "(in (>> name toggle 8 'start) 'self.view)")
        XCTAssertEqual(top["name"], [0, 0, 331, lh]); XCTAssertEqual(top["toggle"], [339, 0, 51, 31])
        let bottom = try frames(row + "(in (>> name toggle 'end) 'self.view)")
        XCTAssertEqual(bottom["name"], [0, 100 - lh, 339, lh]); XCTAssertEqual(bottom["toggle"], [339, 69, 51, 31])
        // fill is what a wrap always did.
        XCTAssertEqual(try layout(row + "(in (>> name toggle 8 'fill) 'self.view)").objectiveC(.viewWillLayoutSubviews),
                       try layout(row + "(in (>> name toggle 8) 'self.view)").objectiveC(.viewWillLayoutSubviews))
        // Vertical wraps align left and right; the bottom child still takes the rest of the height.
        let column = try frames(row + "(in (^^ name toggle 'center) 'self.view)")
        XCTAssertEqual(column["name"], [(390 - lw) / 2, 0, lw, lh])
        XCTAssertEqual(column["toggle"], [169.5, lh, 51, 100 - lh])
    }

    /// A collapse-when-hidden child is aligned as its siblings are, shown or hidden (it filled
    /// the sequence across before).
    func testACollapsingChildIsAlignedAsItsSiblings() throws {
        let (lw, lh) = try labelSize()
        for hidden in ["#f", "#t"] {
            let views = row.replacingOccurrences(of: "(text . \"Wi-Fi\")", with: "(text . \"Wi-Fi\") (hidden . \(hidden))")
            let column = try frames(views + "(in (vseq 'center (collapse-when-hidden name) toggle) 'self.view)")
            XCTAssertEqual(column["name"]?[0], (390 - lw) / 2, hidden); XCTAssertEqual(column["name"]?[2], lw, hidden)
            XCTAssertEqual(column["toggle"]?[0], 169.5, hidden)
            let row = try frames(views + "(in (hseq 'end (collapse-when-hidden name) toggle) 'self.view)")
            XCTAssertEqual(row["name"]?[1], 100 - lh, hidden); XCTAssertEqual(row["name"]?[3], lh, hidden)
            XCTAssertEqual(row["toggle"]?[1], 69, hidden)
        }
    }

    func testSequencesAlignAcross() throws {
        let (lw, lh) = try labelSize()
        let star = try frames(row + "(in (hseq* 8 'start 'end name toggle) 'self.view)")
        XCTAssertEqual(star["name"], [0, 100 - lh, lw, lh]); XCTAssertEqual(star["toggle"], [lw + 8, 69, 51, 31])
        let seq = try frames(row + "(in (hseq 'center name toggle) 'self.view)")
        XCTAssertEqual(seq["name"], [0, (100 - lh) / 2, 195, lh]); XCTAssertEqual(seq["toggle"], [195, 34.5, 195, 31])
        let chain = try frames(row + "(in (h... 'center name toggle) 'self.view)")
        XCTAssertEqual(chain["name"], [0, (100 - lh) / 2, lw, lh]); XCTAssertEqual(chain["toggle"], [lw, 34.5, 390 - lw, 31])
        let down = try frames(row + "(in (vseq* 0 'start 'end name toggle) 'self.view)")
        XCTAssertEqual(down["name"], [390 - lw, 0, lw, lh]); XCTAssertEqual(down["toggle"], [339, lh, 51, 31])
    }

    /// In a stack, a row is as high as its highest child, and its children are centred in it:
    /// the case, a 21-point label next to a 31-point switch.
    func testRowsOfAStackAreAsHighAsTheirHighestChild() throws {
        let (_, lh) = try labelSize()
        let f = try frames(row + "(define below (label '((text . \"Below\"))))\n"
                           + "(in (vseq* 8 'start (>> name toggle 8 'center) below) 'self.view)", 390, 400)
        XCTAssertEqual(f["name"], [0, (31 - lh) / 2, 331, lh])
        XCTAssertEqual(f["toggle"], [339, 0, 51, 31])
        XCTAssertEqual(f["below"]?[1], 39, "the next row starts under the switch")
        let code = try layout(row + "(in (vseq* 8 'start (>> name toggle 8 'center)) 'self.view)").objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(code.contains("0.5 * MAX(name.bounds.size.height, toggle.bounds.size.height) - 0.5 * name.bounds.size.height"), code)
    }

    /// The generated code computes the same frames: the offset is the area less the view's height.
    func testGeneratedCodeCentresOnTheRuntimeSize() throws {
        let code = try layout("(define name (label '((text . \"Wi-Fi\"))))\n(define toggle (switch '()))\n"
                              + "(in (>> name toggle 8 'center) 'self.view)").objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(code.contains("[name sizeToFit];") && code.contains("[toggle sizeToFit];"), code)
        XCTAssertTrue(code.contains("0.5 * self.view.bounds.size.height - 0.5 * name.bounds.size.height"), code)
        XCTAssertTrue(code.contains("0.5 * self.view.bounds.size.height - 0.5 * toggle.bounds.size.height"), code)
    }

    func testBadAlignmentsAreLocated() {
        for (src, expected) in [
            ("(in (>> (label '()) (label '()) 8 'middle) 'self.view)", ">>: unknown alignment middle"),
            ("(in (hseq* 8 'start 'centre (label '())) 'self.view)", "hseq*: unknown alignment centre; did you mean center?"),
            ("(in (hseq 'top (label '())) 'self.view)", "hseq: unknown alignment top"),
        ] {
            do {
                _ = try layout(src).objectiveC(.viewWillLayoutSubviews)
                XCTFail("no error for \(src)")
            } catch {
                XCTAssertTrue("\(error)".hasPrefix("a.htll:1:") && "\(error)".contains(expected), "\(error)")
            }
        }
    }
}
