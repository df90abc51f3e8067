import XCTest
import HTLL
import Scheme

final class InteractiveTests: XCTestCase {
    func testInteractiveSessionReplacesLayoutsAndDescribes() throws {
        let s = Scheme()
        try HTLL.installInteractive(into: s)
        XCTAssertNil(HTLL.currentFramesJSON(in: s))
        try s.evaluate("(in (label '((text . \"A\"))) 'self.view)")
        try s.evaluate("(in (above (label '()) (slider '()) 0.5) 'self.view)")
        let objc = try XCTUnwrap(HTLL.currentObjectiveC(in: s))
        XCTAssertTrue(objc.contains("// view-will-layout-subviews\nlabel1.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};"))
        XCTAssertTrue(objc.contains("slider2 = [[UISlider alloc] init];"))
        XCTAssertTrue(try XCTUnwrap(HTLL.currentFramesJSON(in: s, canvas: Layout.Canvas(width: 100, height: 200)))
            .contains("\"frame\": {\"x\": 0, \"y\": 100, \"width\": 100, \"height\": 100}"))
        let d = HTLL.descriptions(in: s)
        XCTAssertTrue(d["slider"]?.contains("minimum-track-tint-color") == true)
        XCTAssertNotNil(d["control-event"])
        XCTAssertEqual(HTLL.completions(in: s, prefix: "text-a"), ["text-alignment"])
        XCTAssertTrue(HTLL.completions(in: s, prefix: "touch-up").contains("touch-up-inside"))
    }
}
