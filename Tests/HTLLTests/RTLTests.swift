import XCTest
import HTLL

/// Right-to-left: `--rtl` mirrors the concrete frames; `(right-to-left 'mirror)` or `compile --rtl`
/// adds code that mirrors them when the layout direction is right-to-left.
final class RTLTests: XCTestCase {
    static let split = "(define a (view '()))\n(define b (view '((size 40 20))))\n(define c (view '()))\n"
        + "(in (<< b (beside a c 0.25)) 'self.view)"

    func frames(_ layout: Layout, _ canvas: Layout.Canvas) throws -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for f in try layout.frames(canvas: canvas) { result[f.name] = [f.x, f.y, f.width, f.height] }
        return result
    }

    func testMirroredFrames() throws {
        let l = try Layout(source: Self.split, file: "rtl.htll")
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 440, height: 100)),
                       ["b": [0, 0, 40, 20], "a": [40, 0, 100, 100], "c": [140, 0, 300, 100]])
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 440, height: 100, rightToLeft: true)),
                       ["b": [400, 0, 40, 20], "a": [300, 0, 100, 100], "c": [0, 0, 300, 100]])
    }

    func testMirroringInsideAnUnevenSafeArea() throws {
        let l = try Layout(source: "(define a (view '()))\n(define b (view '()))\n(in-safe-area (beside a b 0.25) 'self.view)", file: "rtl.htll")
        let insets = DevicePreset.Insets(0, 10, 0, 30)
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 440, height: 100, safeArea: insets)),
                       ["a": [10, 0, 100, 100], "b": [110, 0, 300, 100]])
        // Mirrored within the safe area [10, 410]: the physical insets stay where they are.
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 440, height: 100, safeArea: insets, rightToLeft: true)),
                       ["a": [310, 0, 100, 100], "b": [10, 0, 300, 100]])
        let objc = try l.objectiveC(.viewWillLayoutSubviews)
        XCTAssertFalse(objc.contains("semanticContentAttribute"))
        try l.setRightToLeftMirroring(true)
        XCTAssertTrue(try l.objectiveC(.viewWillLayoutSubviews)
            .contains("    CGFloat htllMirror = self.view.safeAreaInsets.left + self.view.bounds.size.width - self.view.safeAreaInsets.right;\n"))
    }

    func testGeneratedMirroringOnlyWhenAskedFor() throws {
        let plain = try Layout(source: Self.split, file: "rtl.htll")
        XCTAssertFalse(try plain.objectiveC(.viewWillLayoutSubviews).contains("RightToLeft"))
        XCTAssertFalse(try plain.swift().contains("rightToLeft"))
        let declared = try Layout(source: "(right-to-left 'mirror)\n" + Self.split, file: "rtl.htll")
        let code = try declared.objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(code.hasSuffix("""
            c.frame = (CGRect) {{40 + a.bounds.size.width, 0}, {0.75 * self.view.bounds.size.width - 30, self.view.bounds.size.height}};
            if ([UIView userInterfaceLayoutDirectionForSemanticContentAttribute:self.view.semanticContentAttribute] == UIUserInterfaceLayoutDirectionRightToLeft) {
                CGFloat htllMirror = self.view.bounds.size.width;
                b.frame = (CGRect) {{htllMirror - b.frame.origin.x - b.frame.size.width, b.frame.origin.y}, {b.frame.size.width, b.frame.size.height}};
                a.frame = (CGRect) {{htllMirror - a.frame.origin.x - a.frame.size.width, a.frame.origin.y}, {a.frame.size.width, a.frame.size.height}};
                c.frame = (CGRect) {{htllMirror - c.frame.origin.x - c.frame.size.width, c.frame.origin.y}, {c.frame.size.width, c.frame.size.height}};
            }

            """), code)
        let swift = try declared.swift()
        XCTAssertTrue(swift.contains("""
                    if self.view.effectiveUserInterfaceLayoutDirection == .rightToLeft {
                        let htllMirror = self.view.bounds.width
                        views.b.frame.origin.x = htllMirror - views.b.frame.maxX
            """), swift)
        let view = try declared.swift(viewName: "Row")
        XCTAssertTrue(view.contains("        if effectiveUserInterfaceLayoutDirection == .rightToLeft {\n            let htllMirror = htllSize.width\n"), view)
        // 'fixed undoes it; a new layout in the same instance starts without the command's setting.
        XCTAssertFalse(try Layout(source: "(right-to-left 'mirror)\n(right-to-left 'fixed)\n" + Self.split, file: "rtl.htll")
            .objectiveC(.viewWillLayoutSubviews).contains("htllMirror"))
    }

    func testCellMirroring() throws {
        let l = try Layout(source: "(right-to-left 'mirror)\n(in-cell (<< (view '((size 40 40))) (label '())) 'cell)", file: "cell.htll")
        let code = try l.objectiveC(.cellLayout)
        XCTAssertTrue(code.contains("if ([UIView userInterfaceLayoutDirectionForSemanticContentAttribute:cell.contentView.semanticContentAttribute] == UIUserInterfaceLayoutDirectionRightToLeft) {\n    CGFloat htllMirror = cell.contentView.bounds.size.width;\n"), code)
        XCTAssertTrue(try l.swift().contains("        if cell.contentView.effectiveUserInterfaceLayoutDirection == .rightToLeft {"))
    }

    func testCommands() throws {
        let hello = GoldenTests.examples.appendingPathComponent("hello.htll").path
        let plain = HTLLCommand.compile([hello, "--action", "view-will-layout-subviews"])
        let rtl = HTLLCommand.compile([hello, "--action", "view-will-layout-subviews", "--rtl"])
        XCTAssertEqual(rtl.status, 0, rtl.errorOutput)
        XCTAssertTrue(rtl.output.hasPrefix(plain.output + "if ([UIView userInterfaceLayoutDirectionForSemanticContentAttribute:"), rtl.output)
        XCTAssertTrue(HTLLCommand.swift([hello, "--swift", "--rtl"]).output.contains("effectiveUserInterfaceLayoutDirection"))
        XCTAssertTrue(HTLLCommand.compile([hello, "--objc", "--rtl"]).output.contains("    if ([UIView userInterfaceLayoutDirectionForSemanticContentAttribute:"))
        let example = GoldenTests.examples.appendingPathComponent("rtl.htll").path
        let frames = HTLLCommand.frames([example, "--size", "400x300", "--rtl"])
        XCTAssertEqual(frames.status, 0, frames.errorOutput)
        XCTAssertTrue(frames.output.hasPrefix("{\"parent\": \"self.view\", \"width\": 400, \"height\": 300, \"rtl\": true,"), frames.output)
        XCTAssertTrue(frames.output.contains("\"frame\": {\"x\": 356, \"y\": 0, \"width\": 44, \"height\": 44}"), frames.output)
        let preview = HTLLCommand.preview([example, "--size", "400x300", "--rtl"])
        XCTAssertEqual(preview.status, 0, preview.errorOutput)
        XCTAssertTrue(preview.output.contains("data-name=\"avatar\" data-kind=\"image\" x=\"356\" y=\"0\""), preview.output)
    }

    func testErrors() {
        do {
            _ = try Layout(source: "(right-to-left 'sideways)\n(in (view '()) 'self.view)", file: "bad.htll")
            XCTFail("no error")
        } catch {
            XCTAssertEqual("\(error)", "bad.htll:1:1: error: right-to-left: expected 'mirror or 'fixed, got sideways")
        }
    }
}
