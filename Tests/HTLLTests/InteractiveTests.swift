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
        XCTAssertTrue(HTLL.description(of: "slider", in: s)?.contains("minimum-track-tint-color") == true)
        XCTAssertNotNil(HTLL.description(of: "control-event", in: s))
        XCTAssertNil(HTLL.description(of: "no-such-thing", in: s))
        XCTAssertEqual(HTLL.completions(in: s, prefix: "text-a"), ["text-alignment"])
        XCTAssertTrue(HTLL.completions(in: s, prefix: "touch-up").contains("touch-up-inside"))
    }

    /// Typed forms name views and locate calls as a layout file's do; values print readably.
    func testTypedFormsAreEvaluatedAsALayoutsForms() throws {
        let s = Scheme()
        try HTLL.installInteractive(into: s)
        func eval(_ text: String, line: Int = 1) throws -> Value {
            var last = Value.unspecified
            for form in try s.read(text, file: "<repl>", line: line, column: 1).arrayValue ?? [] {
                last = try HTLL.evaluateInteractive(form, in: s)
            }
            return last
        }
        _ = try eval("(define inbox (label '((text . \"Inbox\"))))")
        _ = try eval("(let* ((a (label '())) (b a)) (in (^^ inbox a) 'self.view))", line: 2)
        let json = try XCTUnwrap(HTLL.currentFramesJSON(in: s))
        XCTAssertTrue(json.contains("\"name\": \"inbox\""), json)
        XCTAssertTrue(json.contains("\"location\": \"<repl>:1:15\""), json)
        XCTAssertTrue(json.contains("\"location\": \"<repl>:2:11\""), json)
        XCTAssertTrue(try XCTUnwrap(HTLL.currentObjectiveC(in: s)).contains("b = a;"))
        XCTAssertEqual(HTLL.interactiveText(of: try eval("inbox"), in: s), "#<label inbox \"Inbox\" {0 0 390 21}>")
        XCTAssertEqual(HTLL.interactiveText(of: try eval("(list (rgba-color 1 0 0 1) (size 2 3))"), in: s),
                       "(#<rgba-color 1 0 0 1> #<size 2 3>)")
        XCTAssertNil(HTLL.interactiveText(of: try eval("'(1 2 \"plain\")"), in: s))
        XCTAssertEqual(HTLL.description(of: "blank", in: s), "blank: an empty area (a value, written without parentheses)")
        let attribute = try XCTUnwrap(HTLL.description(of: "border-style", in: s))
        XCTAssertTrue(attribute.hasPrefix("border-style: attribute of text-field"), attribute)
        XCTAssertTrue(attribute.contains("values: none, line, bezel, rounded-rect"), attribute)
        XCTAssertTrue(HTLL.apropos("separator", in: s).contains("separator-style"))
    }
}
