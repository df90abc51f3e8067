import XCTest
import HTLL
import Scheme

/// 'baseline across a row (hseq, hseq*, <<, >>, h...): the children's first baselines on one line,
/// as UIStackView's .firstBaseline: a label's baseline is its top plus its font's ascender, a
/// button's or text field's (whose text UIKit centres vertically) its top plus half of what its
/// height leaves around one line plus the ascender, any other child's is its bottom;
/// y = row top + max(ascents) - own ascent.
final class BaselineAlignmentTests: SmallLayoutTestCase {
    override class var file: String { "b.htll" }

    /// A 17-point label, a 31-point switch and a 24-point bold label.
    let views = """
        (define name (label `((text . "Name") (font . ,(system-font-of-size 17)))))
        (define toggle (switch '()))
        (define big (label `((text . "Title") (font . ,(bold-system-font-of-size 24)))))

        """

    func frames(_ source: String, _ w: Double = 390, _ h: Double = 400) throws -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for f in try layout(source).frames(width: w, height: h) { result[f.name] = [f.x, f.y, f.width, f.height] }
        return result
    }

    /// Where each view's first baseline lies: top + ascent (labels), bottom (the switch).
    func baselines(_ f: [String: [Double]]) throws -> (name: Double, toggle: Double, big: Double) {
        let n = try XCTUnwrap(f["name"]), t = try XCTUnwrap(f["toggle"]), b = try XCTUnwrap(f["big"])
        return (n[1] + TextMetrics.ascent(points: 17), t[1] + t[3], b[1] + TextMetrics.ascent(points: 24))
    }

    func testEveryRowFormLinesUpTheBaselines() throws {
        for row in ["(hseq* 8 'start 'baseline name toggle big)", "(hseq 'baseline name toggle big)",
                    "(h... 'baseline name toggle big)", "(<< name (>> toggle big 'baseline) 'baseline)"] {
            let f = try frames(views + "(in (vseq* 0 'start \(row)) 'self.view)")
            let b = try baselines(f)
            XCTAssertEqual(b.name, b.toggle, accuracy: 0.5, row)
            XCTAssertEqual(b.big, b.toggle, accuracy: 0.5, row)
            // The switch is the deepest (31 > 0.96 * 24), so it starts at the top.
            XCTAssertEqual(f["toggle"]?[1], 0, row)
            XCTAssertEqual(f["toggle"]?[3], 31, row)
            XCTAssertGreaterThan(try XCTUnwrap(f["name"]?[1]), 0, row)
        }
    }

    /// The preview draws each label's and button's text where the frames put its baseline:
    /// the drawn baselines are within half a point of each other and of the switch's bottom.
    func testThePreviewDrawsTheBaselinesOnOneLine() throws {
        let layout = try layout(views + "(define go (rounded-rect-button '((title-for-state . (\"Go\" . normal)))))\n"
                                + "(in (hseq* 8 'start 'baseline name toggle big go) 'self.view)")
        let device = try XCTUnwrap(DevicePreset.named("iphone-16"))
        let svg = try SVGPreview.render(layout, screens: [PreviewScreen(device: device, landscape: false, appearance: .light)])
        let frames = try layout.frames(width: device.width, height: device.height)
        func drawnBaseline(_ name: String, _ text: String) throws -> Double {
            let frame = try XCTUnwrap(frames.first { $0.name == name })
            let pattern = #"<text x="[-0-9.]+" y="([-0-9.]+)"[^>]*>"# + text + "</text>"
            let match = try XCTUnwrap(svg.range(of: pattern, options: .regularExpression).map { String(svg[$0]) }, svg)
            let y = try XCTUnwrap(match.split(separator: "\"").dropFirst(3).first.flatMap { Double($0) })
            return frame.y + y  // the text is drawn in the view's own coordinates
        }
        let toggle = try XCTUnwrap(frames.first { $0.name == "toggle" })
        XCTAssertEqual(try drawnBaseline("name", "Name"), toggle.y + toggle.height, accuracy: 0.5)
        XCTAssertEqual(try drawnBaseline("big", "Title"), toggle.y + toggle.height, accuracy: 0.5)
        // A button's title is drawn centred, as UIKit draws it, on the same line.
        XCTAssertEqual(try drawnBaseline("go", "Go"), toggle.y + toggle.height, accuracy: 0.5)
    }

    /// A wrapped row is as high as its deepest baseline plus the descent below it; the next row
    /// starts there.
    func testARowIsAsHighAsWhatItHolds() throws {
        let f = try frames(views + "(define below (label '((text . \"Below\"))))\n"
                           + "(in (vseq* 0 'start (hseq* 8 'start 'baseline name big) below) 'self.view)")
        let b = try XCTUnwrap(f["big"]), n = try XCTUnwrap(f["name"])
        XCTAssertEqual(b[1], 0, "the deeper ascent starts at the top")
        XCTAssertEqual(n[1], TextMetrics.ascent(points: 24) - TextMetrics.ascent(points: 17), accuracy: 1e-9)
        XCTAssertEqual(f["below"]?[1] ?? -1, max(b[1] + b[3], n[1] + n[3]), accuracy: 1e-9)
    }

    /// A row inside a 'baseline row has the first baseline of its own children; a button's title
    /// and a text field's text line up too, where UIKit draws them: centred in the view's height
    /// (a 30-point button with a 15-point title has its baseline (30 - 18) / 2 + 14.4 below its top).
    func testNestedRowsButtonsAndTextFields() throws {
        let f = try frames("""
            (define badge (image '((size 20 20))))
            (define plan (label '((text . "Pro plan"))))
            (define go (rounded-rect-button '((title-for-state . ("Go" . normal)))))
            (define field (text-field '((placeholder . "Code"))))
            (in (h... 'baseline badge (>> plan go 8 'baseline) field) 'self.view)
            """)
        let badge = try XCTUnwrap(f["badge"]), plan = try XCTUnwrap(f["plan"])
        let go = try XCTUnwrap(f["go"]), field = try XCTUnwrap(f["field"])
        let line = badge[1] + badge[3]
        XCTAssertEqual(plan[1] + TextMetrics.ascent(points: 17), line, accuracy: 1e-9)
        func centred(_ frame: [Double], _ kind: ViewKind) -> Double {
            let points = ControlMetrics.forKind(kind).fontPoints
            return frame[1] + (frame[3] - TextMetrics.lineHeight(points: points)) / 2 + TextMetrics.ascent(points: points)
        }
        XCTAssertEqual(centred(go, .roundedRectButton), line, accuracy: 1e-9)
        XCTAssertEqual(centred(field, .textField), line, accuracy: 1e-9)
        // Not top + ascender, which put the title about 6 points below the label's text on a device.
        XCTAssertGreaterThan(go[3] - TextMetrics.lineHeight(points: ControlMetrics.forKind(.roundedRectButton).fontPoints), 4)
    }

    /// The code reads each font's ascender at run time: UIFont.ascender, a button's through its title
    /// label; a button's and a text field's with their height and font's lineHeight (centred text).
    func testGeneratedCodeReadsTheAscender() throws {
        let source = views + """
            (define go (rounded-rect-button '((title-for-state . ("Go" . normal)))))
            (define field (text-field '()))
            (in (hseq* 8 'start 'baseline name toggle go field) 'self.view)
            """
        let objc = try layout(source).objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(objc.contains("name.frame = (CGRect) {{0, MAX(MAX(MAX(name.font.ascender, toggle.bounds.size.height), "
                                    + "go.titleLabel.font.ascender + 0.5 * go.bounds.size.height - 0.5 * go.titleLabel.font.lineHeight), "
                                    + "field.font.ascender + 0.5 * field.bounds.size.height - 0.5 * field.font.lineHeight) - name.font.ascender}"), objc)
        XCTAssertTrue(objc.contains(") - toggle.bounds.size.height}"), objc)
        let swift = try layout(source).swift()
        XCTAssertTrue(swift.contains("max(max(max(views.name.font.ascender, views.toggle.bounds.height), "
                                     + "(views.go.titleLabel?.font.ascender ?? 0) + 0.5 * views.go.bounds.height - 0.5 * (views.go.titleLabel?.font.lineHeight ?? 0)), "
                                     + "(views.field.font?.ascender ?? 0) + 0.5 * views.field.bounds.height - 0.5 * (views.field.font?.lineHeight ?? 0))"), swift)
    }

    /// A text view held by alignments only (a row of one, aligned any way) brings its own first
    /// baseline to the row, as a collapsing one does (they counted as their bottoms, or were
    /// stretched to the row's height).
    func testAViewThroughAlignmentsKeepsItsBaseline() throws {
        for held in ["(h... 'start name)", "(h... 'center name)", "(h... 'baseline name)", "(v... 'end name)",
                     "(collapse-when-hidden name)"] {
            let f = try frames(views + "(in (vseq* 0 'start (hseq 'baseline \(held) toggle big)) 'self.view)")
            let b = try baselines(f)
            XCTAssertEqual(b.name, b.toggle, accuracy: 0.5, held)
            XCTAssertEqual(b.big, b.toggle, accuracy: 0.5, held)
            XCTAssertEqual(try XCTUnwrap(f["name"]?[3]), 21, accuracy: 0.5, held)
        }
    }

    /// A child whose height follows its width (an aspect's box) sits on the baseline at the
    /// height the row lays it at (its share of an hseq), not the one its own width gives.
    func testAnAspectBoxSitsOnTheBaselineAtItsShare() throws {
        let f = try frames(views + "(define box (view))\n(in (vseq* 0 'start (hseq 'baseline name (aspect 2 box))) 'self.view)")
        let b = try XCTUnwrap(f["box"]), n = try XCTUnwrap(f["name"])
        XCTAssertEqual(b[2], 195); XCTAssertEqual(b[3], 97.5)
        XCTAssertEqual(b[1] + b[3], n[1] + TextMetrics.ascent(points: 17), accuracy: 0.01)
        XCTAssertEqual(b[1], 0)
    }

    func testBaselineIsForRowsOnly() {
        for (src, who) in [("(vseq 'baseline name big)", "vseq"), ("(vseq* 8 'start 'baseline name big)", "vseq*"),
                           ("(^^ name big 'baseline)", "^^"), ("(vv name big 8 'baseline)", "vv"), ("(v... 'baseline name big)", "v...")] {
            let m = message(views + "(in \(src) 'self.view)")
            XCTAssertTrue(m.hasPrefix("b.htll:4:") && m.contains("\(who): 'baseline aligns text across a row"), m)
        }
        XCTAssertTrue(message(views + "(in (hseq 'baseline-first name) 'self.view)").contains("unknown alignment baseline-first"))
    }
}
