import Foundation
import XCTest
@testable import HTLL

/// Previews draw named colours from the prelude's colour table, in the light or dark appearance
/// (`htll preview --appearance light|dark|both`).
final class PreviewAppearanceTests: XCTestCase {
    static let source = """
        (define card (view '((background-color . secondary-system-background))))
        (define heading (label '((text . "Title") (text-color . label))))
        (define plain (label '((text . "Plain"))))
        (define badge (view '((background-color . system-blue))))
        (define more (rounded-rect-button '((title-for-state . ("More" . normal)))))
        (in (vseq card heading plain badge more) 'self.view)
        """

    func svg(_ dark: Bool) throws -> String {
        let layout = try Layout(source: Self.source, file: "a.htll")
        return try SVGPreview.render(layout, screens: [PreviewScreen(device: .standard, landscape: false, appearance: dark ? .dark : .light)])
    }

    /// The drawing of the view named `name` (up to its closing tag).
    func element(_ svg: String, _ name: String) throws -> String {
        let start = try XCTUnwrap(svg.range(of: "data-name=\"\(name)\""), name)
        let end = try XCTUnwrap(svg.range(of: "</svg>", range: start.upperBound..<svg.endIndex))
        return String(svg[start.lowerBound..<end.lowerBound])
    }

    func testNamedColoursInBothAppearances() throws {
        let light = try svg(false), dark = try svg(true)
        XCTAssertTrue(light.contains("class=\"screen-background\" width=\"393\" height=\"852\" fill=\"rgb(255,255,255)\""))
        XCTAssertTrue(dark.contains("class=\"screen-background\" width=\"393\" height=\"852\" fill=\"rgb(0,0,0)\""))
        // secondarySystemBackgroundColor: 242,242,247 light, 28,28,30 dark; systemBlueColor 0,122,255 / 10,132,255.
        XCTAssertTrue(try element(light, "card").contains("fill=\"rgb(242,242,247)\""))
        XCTAssertTrue(try element(dark, "card").contains("fill=\"rgb(28,28,30)\""))
        XCTAssertTrue(try element(light, "badge").contains("fill=\"rgb(0,122,255)\""))
        XCTAssertTrue(try element(dark, "badge").contains("fill=\"rgb(10,132,255)\""))
        // Text in labelColor, named or by default: black on light, white on dark.
        for name in ["heading", "plain"] {
            XCTAssertTrue(try element(light, name).contains("fill=\"rgb(0,0,0)\""), name)
            XCTAssertTrue(try element(dark, name).contains("fill=\"rgb(255,255,255)\""), name)
        }
        // The status bar's ink follows the appearance; the Dynamic Island stays black.
        XCTAssertTrue(dark.contains("font-weight=\"bold\" fill=\"rgb(255,255,255)\" text-anchor=\"middle\" xml:space=\"preserve\">9:41</text>"))
        XCTAssertTrue(dark.contains("rx=\"18.5\" fill=\"black\""))
    }

    /// Since iOS 7 a rounded-rect button is the system button: a tinted title and no border.
    func testRoundedRectButtonAsTodaysSystemButton() throws {
        let more = try element(try svg(false), "more")
        XCTAssertFalse(more.contains("<rect"), more)
        XCTAssertTrue(more.contains("fill=\"rgb(0,122,255)\"") && more.contains(">More</text>"), more)
    }

    func testAppearanceOption() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-appearance-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.htll")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        let both = HTLLCommand.preview([file.path, "--appearance", "both", "--device", "iphone-se"])
        XCTAssertEqual(both.status, 0, both.errorOutput)
        XCTAssertTrue(both.output.contains("data-htll-preview=\"2\""))
        XCTAssertTrue(both.output.contains("iPhone SE — portrait (375 × 667 pt)"))
        XCTAssertTrue(both.output.contains("iPhone SE — portrait — dark (375 × 667 pt)"))
        let bad = HTLLCommand.preview([file.path, "--appearance", "dusk"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.errorOutput.contains("--appearance expects light, dark, both"), bad.errorOutput)
    }
}
