import Foundation
import XCTest
@testable import HTLL

/// `htll frames` JSON for attributes given more than once (one per state, several events or
/// bindings): one member with an array of the values, and origins lined up with them.
final class FramesJSONTests: XCTestCase {
    static let source = """
        (define-style quiet '((title-color-for-state . (lightGray-color . highlighted))))
        (define b (custom-button 'quiet (on 'touch-up-inside 'save:) (on 'touch-down 'press:)
                                 '((title-for-state . ("Save" . normal))
                                   (title-color-for-state . (red-color . normal)))))
        (in b 'self.view)
        """

    func view(_ json: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let views = try XCTUnwrap(object?["views"] as? [[String: Any]])
        return try XCTUnwrap(views.first)
    }

    func testRepeatedAttributesAreArraysWithAlignedOrigins() throws {
        let layout = try Layout(source: Self.source, file: "repeat.htll")
        let json = try layout.framesJSON(width: 390, height: 844)
        // Each name once per object: JSON readers keep one value per name.
        let attributesLine = try XCTUnwrap(json.components(separatedBy: "\n").first { $0.contains("\"attributes\"") })
        XCTAssertEqual(attributesLine.components(separatedBy: "\"title-color-for-state\"").count - 1, 1, attributesLine)
        XCTAssertEqual(attributesLine.components(separatedBy: "\"target\"").count - 1, 1, attributesLine)
        let v = try view(json)
        let attributes = try XCTUnwrap(v["attributes"] as? [String: Any])
        let colours = try XCTUnwrap(attributes["title-color-for-state"] as? [[String]])
        XCTAssertEqual(colours, [["lightGray-color", "highlighted"], ["red-color", "normal"]])
        let targets = try XCTUnwrap(attributes["target"] as? [[Any]])
        XCTAssertEqual(targets.compactMap { $0[1] as? String }, ["save:", "press:"])
        // A single value stays as it was.
        XCTAssertEqual(attributes["title-for-state"] as? [String], ["Save", "normal"])
        let origins = try XCTUnwrap(v["origins"] as? [String: Any])
        let colourOrigins = try XCTUnwrap(origins["title-color-for-state"] as? [Any])
        XCTAssertEqual(colourOrigins.first as? String, "style quiet")
        XCTAssertTrue(colourOrigins.last is NSNull, "the view set the normal colour itself")
        XCTAssertEqual(origins["target"] as? [String], ["on touch-up-inside", "on touch-down"])
    }

    func testPreviewUsesTheNormalStateAmongSeveral() throws {
        let layout = try Layout(source: Self.source, file: "repeat.htll")
        let screen = PreviewScreen(device: try XCTUnwrap(DevicePreset.named("iphone-15")), landscape: false)
        let svg = try SVGPreview.render(layout, screens: [screen])
        let title = try XCTUnwrap(svg.components(separatedBy: "\n").first { $0.hasPrefix("<text") && $0.contains(">Save<") })
        XCTAssertTrue(title.contains("rgb(255,0,0)"), "the normal state's red, not the highlighted grey: \(title)")
    }
}
