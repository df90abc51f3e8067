import XCTest
import HTLL

/// Picture regressions in the normal suite: the SVG `htll preview` draws for the examples is
/// compared with goldens under `Tests/previews/` (SVG is text and the renderer deterministic, so
/// no converter or font is needed), and the details that went wrong before are checked on their own.
/// Run with HTLL_UPDATE_GOLDEN=1 to rewrite the goldens after a deliberate change to the pictures.
final class PreviewRegressionTests: XCTestCase {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("previews")

    /// (golden name, example, arguments): the README's pictures and one of each feature.
    static let pictures: [(String, String, [String])] = [
        ("gearcalc", "gearcalc", ["--device", "iphone-15"]),
        ("login-both", "login", ["--device", "iphone-15", "--both"]),
        ("login-ipad-outline", "login", ["--device", "ipad", "--outline"]),
        ("cell", "cell", []),
        ("showcase-both", "showcase", ["--both"]),
        ("traits-iphone-se-ipad", "traits", ["--device", "iphone-se", "--device", "ipad"]),
        ("rtl", "rtl", ["--rtl"]),
        ("layers", "layers", []),
        ("spacing", "spacing", ["--device", "iphone-se"]),
        ("primitives", "primitives", ["--device", "iphone-15"]),
    ]

    func svg(_ example: String, _ arguments: [String]) throws -> String {
        let r = HTLLCommand.preview([GoldenTests.examples.appendingPathComponent(example + ".htll").path] + arguments)
        XCTAssertEqual(r.status, 0, r.errorOutput)
        return r.output
    }

    func testPicturesMatchTheirGoldens() throws {
        let update = ProcessInfo.processInfo.environment["HTLL_UPDATE_GOLDEN"] == "1"
        for (name, example, arguments) in Self.pictures {
            let picture = try svg(example, arguments)
            let file = Self.goldens.appendingPathComponent(name + ".svg")
            if update {
                try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
                try picture.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try? String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(picture, expected, "Tests/previews/\(name).svg differs from htll preview examples/\(example).htll \(arguments.joined(separator: " "))")
            // Twice the same: nothing in a picture depends on time or chance.
            XCTAssertEqual(try svg(example, arguments), picture, name)
        }
    }

    /// The elements of the view named `name` (its nested <svg class="view">).
    func viewElement(_ svg: String, _ name: String) throws -> Substring {
        let start = try XCTUnwrap(svg.range(of: "<svg class=\"view\" data-name=\"\(name)\""), name)
        let end = try XCTUnwrap(svg.range(of: "</svg>", range: start.upperBound..<svg.endIndex))
        return svg[start.lowerBound..<end.upperBound]
    }

    /// GearCalc's segment titles take the colour of `title-text-attributes-for-state` (blue), not
    /// the system blue: a single `(attributes . normal)` value was read as two values.
    func testSegmentedControlTitlesTakeTheirTextAttributesColour() throws {
        let gears = try viewElement(try svg("gearcalc", []), "gears")
        XCTAssertTrue(gears.contains(">Second</text>"), String(gears))
        let second = try XCTUnwrap(gears.range(of: ">Second</text>"))
        let tag = gears[..<second.lowerBound].components(separatedBy: "<text").last ?? ""
        XCTAssertTrue(tag.contains("fill=\"rgb(0,0,255)\""), tag)
    }

    /// With --rtl, a label without text-alignment aligns to the right (natural alignment follows
    /// the language); one with 'left stays left.
    func testRightToLeftAlignsTextNaturally() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-preview-rtl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rtl.htll")
        try """
        (define natural (label '((text . "natural"))))
        (define left (label '((text . "left") (text-alignment . left))))
        (in (vseq natural left) 'self.view)
        """.write(to: file, atomically: true, encoding: .utf8)
        let rtl = HTLLCommand.preview([file.path, "--rtl"]).output
        XCTAssertTrue(try viewElement(rtl, "natural").contains("text-anchor=\"end\""), rtl)
        XCTAssertFalse(try viewElement(rtl, "left").contains("text-anchor=\"end\""))
        let ltr = HTLLCommand.preview([file.path]).output
        XCTAssertFalse(try viewElement(ltr, "natural").contains("text-anchor=\"end\""))
    }

    /// An in-cell layout is drawn as a table cell: the device's width, 44 points high, no status
    /// bar; --size gives the cell's size.
    func testCellLayoutsPreviewAsACell() throws {
        let cell = try svg("cell", ["--device", "iphone-se"])
        XCTAssertTrue(cell.contains(">Table cell (375 × 44 pt)</text>"), cell)
        XCTAssertFalse(cell.contains(">9:41"), "a cell has no status bar")
        XCTAssertTrue(try svg("cell", ["--size", "320x60"]).contains("(320 × 60 pt)"))
        // A layout placed with in still gets the whole screen.
        XCTAssertTrue(try svg("hello", ["--device", "iphone-se"]).contains(">9:41 AM</text>"))
    }

    /// --outline puts each name tag outside its view's frame (above it, or below when the view
    /// starts at the top), so it does not cover the view's text.
    func testOutlineTagsDoNotCoverTheirViews() throws {
        let picture = try svg("login", ["--device", "iphone-15", "--outline"])
        let groups = picture.components(separatedBy: "<g class=\"outline\"").dropFirst()
            .map { $0.components(separatedBy: "</g>")[0] }
        XCTAssertGreaterThan(groups.count, 3)
        for g in groups {
            let rects = g.components(separatedBy: "<rect").dropFirst().map { r -> [String: Double] in
                var values: [String: Double] = [:]
                for key in ["x", "y", "width", "height"] {
                    if let range = r.range(of: " \(key)=\"") {
                        values[key] = Double(r[range.upperBound...].prefix { $0 != "\"" })
                    }
                }
                return values
            }
            guard rects.count == 2, let fy = rects[0]["y"], let fh = rects[0]["height"], let ty = rects[1]["y"],
                  let th = rects[1]["height"] else { return XCTFail("unexpected outline: \(g)") }
            // The frame rectangle is inset by half a point.
            XCTAssertTrue(ty + th <= fy - 0.5 + 0.001 || ty >= fy - 0.5 + fh + 1 - 0.001, "tag overlaps its view: \(g)")
        }
    }
}
