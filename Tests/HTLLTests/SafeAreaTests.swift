import XCTest
import HTLL

/// `(in-safe-area child 'self.view)`: frames inside the parent's safe area, in every output.
final class SafeAreaTests: XCTestCase {
    static var example: String { GoldenTests.examples.appendingPathComponent("safe-area.htll").path }

    func frames(_ layout: Layout, _ canvas: Layout.Canvas) throws -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for f in try layout.frames(canvas: canvas) { result[f.name] = [f.x, f.y, f.width, f.height] }
        return result
    }

    func testDeviceInsetsInFrames() throws {
        let l = try Layout(contentsOfFile: Self.example)
        let portrait = try frames(l, TraitTests.screen("iphone-15"))
        // Below the Dynamic Island (59), above the home indicator (852 - 34).
        XCTAssertEqual(portrait["header"]?[1], 59)
        XCTAssertEqual(portrait["header"]?[0], 0)
        let messages = try XCTUnwrap(portrait["messages"])
        XCTAssertEqual(messages[1] + messages[3], 818)
        XCTAssertEqual(messages[2], 393)
        let landscape = try frames(l, TraitTests.screen("iphone-15", landscape: true))
        XCTAssertEqual(landscape["header"]?[0], 59)
        XCTAssertEqual(landscape["header"]?[1], 0)
        let wide = try XCTUnwrap(landscape["messages"])
        XCTAssertEqual(wide[0] + wide[2], 852 - 59)
        XCTAssertEqual(wide[1] + wide[3], 393 - 21)
        // A plain canvas has no insets.
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 390, height: 844))["header"]?[1], 0)
    }

    func testFramesCommand() throws {
        let r = HTLLCommand.frames([Self.example, "--device", "iphone-15"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        XCTAssertTrue(r.output.hasPrefix("{\"parent\": \"self.view\", \"width\": 393, \"height\": 852, \"safeArea\": [59, 0, 34, 0],"), r.output)
        XCTAssertTrue(r.output.contains("\"frame\": {\"x\": 0, \"y\": 59, "), r.output)
        let custom = HTLLCommand.frames([Self.example, "--size", "400x800", "--safe-area", "10,20,30,40"])
        XCTAssertEqual(custom.status, 0, custom.errorOutput)
        XCTAssertTrue(custom.output.contains("\"frame\": {\"x\": 20, \"y\": 10, "), custom.output)
        XCTAssertTrue(custom.output.contains("\"frame\": {\"x\": 20, \"y\": 52, \"width\": 340, \"height\": 718}"), custom.output)   // messages: 400-20-40 wide, 800-10-30-8-34 tall
        let bad = HTLLCommand.frames([Self.example, "--safe-area", "10,20"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.errorOutput, "htll frames: --safe-area expects TOP,LEFT,BOTTOM,RIGHT in points, e.g. 59,0,34,0\n")
        XCTAssertEqual(HTLLCommand.preview([Self.example, "--safe-area", "x"]).status, 2)
    }

    func testGeneratedCodeReadsTheInsets() throws {
        let l = try Layout(contentsOfFile: Self.example)
        let objc = try l.objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(objc.contains("header.frame = (CGRect) {{self.view.safeAreaInsets.left, self.view.safeAreaInsets.top}, {self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 8 - compose.bounds.size.width, header.bounds.size.height}};"), objc)
        XCTAssertTrue(objc.contains("self.view.bounds.size.height - self.view.safeAreaInsets.top - self.view.safeAreaInsets.bottom - 8 - MAX("), objc)
        let swift = try l.swift()
        XCTAssertTrue(swift.contains("views.header.frame = CGRect(x: self.view.safeAreaInsets.left, y: self.view.safeAreaInsets.top, width: self.view.bounds.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right - 8 - views.compose.bounds.width"), swift)
        let view = try l.swift(viewName: "Inbox")
        XCTAssertTrue(view.contains("views.header.frame = CGRect(x: safeAreaInsets.left, y: safeAreaInsets.top, width: htllSize.width - safeAreaInsets.left"), view)
        XCTAssertTrue(try l.objectiveCCategory().contains("    header.frame = (CGRect) {{self.view.safeAreaInsets.left"))
    }

    func testPreviewUsesTheDeviceInsets() throws {
        let r = HTLLCommand.preview([Self.example, "--device", "iphone-15"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        XCTAssertTrue(r.output.contains("data-name=\"header\" data-kind=\"label\" x=\"0\" y=\"59\""), r.output)
    }

    func message(_ source: String) -> String {
        do {
            _ = try Layout(source: source, file: "bad.htll").objectiveC(.viewWillLayoutSubviews)
            XCTFail("no error for: \(source)")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testErrors() {
        XCTAssertEqual(message("(in-safe-area (label '()) 42)"),
                       "bad.htll:1:1: error: in-safe-area: the parent must name an object, such as 'self.view, got 42")
        XCTAssertEqual(message("(in-safe-area 'x 'self.view)"),
                       "bad.htll:1:1: error: in-safe-area: expected a view or a layout, got x")
        XCTAssertEqual(message("(in (label '()) 'self.view)\n(in-safe-area (view '()) 'self.view)"),
                       "bad.htll:2:1: error: in-safe-area: a layout has one top-level in or in-cell; the first one is at bad.htll:1:1")
    }
}
