import XCTest
@testable import HTLL

/// `(layer ALIST)`: CALayer properties in Objective-C and Swift, the frames JSON, previews, errors.
final class LayerTests: XCTestCase {
    typealias M = ModifierSupport

    static let card = """
        (in (view (layer '((corner-radius . 8) (border-width . 1) (border-color . gray-color)
                           (opacity . 0.9) (shadow-color . black-color) (shadow-opacity . 0.3)
                           (shadow-radius . 4) (shadow-offset . (size 0 2)) (background-color . white-color)
                           (masks-to-bounds . #t)))
                  '((alpha . 0.5)))
            'self.view)
        """

    func testEveryLayerPropertyInObjectiveCAndSwift() throws {
        let layout = try M.layout(Self.card)
        XCTAssertEqual(try M.lines(layout, .viewWillAppear), [
            "view1.layer.cornerRadius = 8;",
            "view1.layer.borderWidth = 1;",
            "view1.layer.borderColor = [UIColor grayColor].CGColor;",
            "view1.layer.opacity = 0.9;",
            "view1.layer.shadowColor = [UIColor blackColor].CGColor;",
            "view1.layer.shadowOpacity = 0.3;",
            "view1.layer.shadowRadius = 4;",
            "view1.layer.shadowOffset = CGSizeMake(0, 2);",
            "view1.layer.backgroundColor = [UIColor whiteColor].CGColor;",
            "view1.layer.masksToBounds = YES;",
            "view1.alpha = 0.5;",
        ])
        let swift = M.lines(try layout.swift()).filter { $0.contains(".layer.") }
        XCTAssertEqual(swift, [
            "views.view1.layer.cornerRadius = 8",
            "views.view1.layer.borderWidth = 1",
            "views.view1.layer.borderColor = UIColor.gray.cgColor",
            "views.view1.layer.opacity = 0.9",
            "views.view1.layer.shadowColor = UIColor.black.cgColor",
            "views.view1.layer.shadowOpacity = 0.3",
            "views.view1.layer.shadowRadius = 4",
            "views.view1.layer.shadowOffset = CGSize(width: 0, height: 2)",
            "views.view1.layer.backgroundColor = UIColor.white.cgColor",
            "views.view1.layer.masksToBounds = true",
        ])
        let json = try layout.framesJSON(width: 320, height: 480)
        XCTAssertTrue(json.contains(#""layer-corner-radius": 8, "layer-border-width": 1, "layer-border-color": "gray-color", "layer-opacity": 0.9"#), json)
        XCTAssertTrue(json.contains(#""layer-shadow-offset": "(size 0 2)""#), json)
        XCTAssertTrue(json.contains(#""origins": {"layer-corner-radius": "layer", "layer-border-width": "layer""#), json)
        try M.objcSyntaxCheck(layout)
        try M.swiftParses(layout)
    }

    func testRgbaColoursAndAttributeSpellingAndReplacement() throws {
        let layout = try M.layout("""
            (in (label (layer `((border-color . ,(rgba-color 1 0 0 0.5)) (corner-radius . 2)))
                       (layer '((corner-radius . 6)))
                       '((layer-border-width . 3)))
                'self.view)
            """)
        // A later corner radius replaces the earlier one, as plain attributes do.
        XCTAssertEqual(try M.lines(layout, .viewWillAppear), [
            "label1.layer.borderColor = [UIColor colorWithRed:1 green:0 blue:0 alpha:0.5].CGColor;",
            "label1.layer.cornerRadius = 6;",
            "label1.layer.borderWidth = 3;",
        ])
        XCTAssertTrue(try layout.swift().contains("views.label1.layer.borderColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5).cgColor\n"))
    }

    func testPreviewDrawsCornersBorderOpacityAndShadow() throws {
        let layout = try M.layout("""
            (in (center (view (layer '((corner-radius . 8) (border-width . 2) (border-color . red-color)
                                       (opacity . 0.5) (shadow-opacity . 0.4) (shadow-radius . 6)
                                       (shadow-offset . (size 0 3))))
                              '((background-color . white-color)))
                        0.25 0.25)
                'self.view)
            """)
        let svg = try M.svg(layout)
        let f = try XCTUnwrap(try layout.frames(width: 393, height: 852).first)
        let n = SVGWriter.number
        // The shadow: behind the view, offset, blurred by half the radius, at the shadow opacity times the layer's.
        XCTAssertTrue(svg.contains("<filter id=\"layer-shadow-3\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"3\"/></filter>"), svg)
        XCTAssertTrue(svg.contains("<rect class=\"shadow\" data-shadow=\"view1\" x=\"\(n(f.x))\" y=\"\(n(f.y + 3))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" rx=\"8\" fill=\"rgb(0,0,0)\" fill-opacity=\"0.2\" filter=\"url(#layer-shadow-3)\"/>"), svg)
        // The view at the layer's opacity, its background rounded, its border inside the bounds.
        XCTAssertTrue(svg.contains("data-name=\"view1\" data-kind=\"view\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" overflow=\"visible\" opacity=\"0.5\">"), svg)
        XCTAssertTrue(svg.contains("<rect class=\"background\" width=\"100%\" height=\"100%\" rx=\"8\" fill=\"rgb(255,255,255)\"/>"), svg)
        XCTAssertTrue(svg.contains("<rect class=\"border\" x=\"1\" y=\"1\" width=\"\(n(f.width - 2))\" height=\"\(n(f.height - 2))\" rx=\"7\" fill=\"none\" stroke=\"rgb(255,0,0)\" stroke-width=\"2\"/>"), svg)
        // The shadow comes before (under) the view.
        let shadow = try XCTUnwrap(svg.range(of: "class=\"shadow\"")), view = try XCTUnwrap(svg.range(of: "data-name=\"view1\""))
        XCTAssertLessThan(shadow.lowerBound, view.lowerBound)
    }

    func testMasksToBoundsClipsToTheRoundedCorners() throws {
        let layout = try M.layout("(in (image (layer '((corner-radius . 30) (masks-to-bounds . #t))) '((size . (60 60)))) 'self.view)")
        let svg = try M.svg(layout)
        XCTAssertTrue(svg.contains("<clipPath id=\"layer-clip-image1-60x60r30\"><rect width=\"60\" height=\"60\" rx=\"30\"/></clipPath>"), svg)
        XCTAssertTrue(svg.contains("<g clip-path=\"url(#layer-clip-image1-60x60r30)\">"), svg)
        // Without a shadow opacity there is no shadow (CALayer's default is 0).
        XCTAssertFalse(svg.contains("class=\"shadow\""))
    }

    func testLayersExampleCompilesPreviewsAndRasterizes() throws {
        let layout = try M.example("layers")
        try M.objcSyntaxCheck(layout)
        try M.swiftParses(layout)
        let svg = try M.svg(layout)
        XCTAssertTrue(svg.contains("data-shadow=\"card\""))
        XCTAssertTrue(svg.contains("class=\"border\""))
        // rsvg-convert reads the filters and clip paths (skipped where it is not installed).
        guard PNGRasterizer.converterPath != nil else { throw Missing.rsvg }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-layers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("l.svg"), output = dir.appendingPathComponent("l.png")
        try svg.write(to: input, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        p.arguments = ["-o", output.path, input.path]
        let pipe = Pipe()
        p.standardError = pipe
        try p.run()
        let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, log)
        XCTAssertGreaterThan((try? Data(contentsOf: output).count) ?? 0, 1000)
    }

    func testErrorsAreLocatedAtTheUse() {
        XCTAssertEqual(M.error("(in (view\n (layer '((corner-radios . 8)))) 'self.view)"),
                       "m.htll:2:2: error: layer: unknown layer attribute corner-radios; did you mean corner-radius? (one of corner-radius, border-width, border-color, background-color, opacity, masks-to-bounds, shadow-color, shadow-opacity, shadow-radius, shadow-offset)")
        XCTAssertEqual(M.error("(in (view (layer '((border-color . grey-color)))) 'self.view)"),
                       "m.htll:1:11: error: layer border-color: unknown colour grey-color; did you mean gray-color?")
        XCTAssertEqual(M.error("(in (view (layer '((opacity . 1.5)))) 'self.view)"),
                       "m.htll:1:11: error: layer opacity: must be between 0.0 and 1.0, got 1.5")
        XCTAssertEqual(M.error("(in (view (layer '((corner-radius . -2)))) 'self.view)"),
                       "m.htll:1:11: error: layer corner-radius: must not be negative, got -2")
        XCTAssertEqual(M.error("(in (view (layer '((shadow-offset . 2)))) 'self.view)"),
                       "m.htll:1:11: error: layer shadow-offset: expected a size (size ...), got 2")
        XCTAssertEqual(M.error("(in (view (layer '((shadow-radius . 1e300)))) 'self.view)"),
                       "m.htll:1:11: error: layer shadow-radius: must be at most 1000000 points, got 1.0e+300")
        XCTAssertEqual(M.error("(in (view (layer '((shadow-offset . (size 0 -2e6))))) 'self.view)"),
                       "m.htll:1:11: error: size: height must be a number from -100000 to 100000, got -2000000.0")
        XCTAssertEqual(M.error("(in (view (layer 'round)) 'self.view)"),
                       "m.htll:1:11: error: layer: expected a list of (name . value), got round")
        XCTAssertEqual(M.error("(in (view (layer '(8))) 'self.view)"),
                       "m.htll:1:11: error: layer: an attribute must be (name . value), got 8")
    }
}
