import Foundation
import XCTest
@testable import HTLL

/// `htll preview`: SVG pictures of solved layouts, PNG through rsvg-convert, and error pictures.
final class PreviewTests: XCTestCase {
    static let kitchenSink = """
        (let* ((title (label '((text . "A title far too long to fit in the narrow frame it gets here")
                               (text-alignment . center)
                               (text-color . red-color)
                               (size 150 20))))
               (secret (label '((text . "secret") (hidden . #t))))
               (field (text-field '((placeholder . "User name") (border-style . rounded-rect))))
               (speed (slider '((minimum-value . 0) (maximum-value . 10) (value . 5))))
               (gears (segmented-control '((items . ("One" "Two" "Three")) (selected-segment-index . 1))))
               (info (info-dark-button '()))
               (add (contact-add-button '()))
               (more (detail-disclosure-button '()))
               (ok (rounded-rect-button '((title-for-state . ("OK" . normal)) (alpha . 0.5))))
               (photo (image `((image . ,(image-named "gear.png")) (size 80 40))))
               (rows (table '((row-height . 50) (background-color . (rgba-color 0 0 1 0.25))))))
          (in (above (<< title secret 8)
                     (above field
                            (above speed
                                   (above gears
                                          (above (<< info (<< add (<< more (<< ok photo 8) 8) 8) 8)
                                                 rows 0.2) 0.1) 0.1) 0.1) 0.1)
              'self.view))
        """

    struct ViewElement { let name: String, kind: String, x: Double, y: Double, width: Double, height: Double }

    /// The `<svg class="view">` elements of a picture, in document order.
    func viewElements(_ svg: String) -> [ViewElement] {
        let pattern = #"<svg class="view" data-name="([^"]*)" data-kind="([^"]*)" x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)""#
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = svg as NSString
        return re.matches(in: svg, range: NSRange(location: 0, length: ns.length)).map { m in
            func g(_ i: Int) -> String { ns.substring(with: m.range(at: i)) }
            return ViewElement(name: g(1), kind: g(2), x: Double(g(3)) ?? .nan, y: Double(g(4)) ?? .nan,
                               width: Double(g(5)) ?? .nan, height: Double(g(6)) ?? .nan)
        }
    }

    func screen(_ name: String, landscape: Bool = false, appearance: PreviewAppearance = .light) throws -> PreviewScreen {
        PreviewScreen(device: try XCTUnwrap(DevicePreset.named(name)), landscape: landscape, appearance: appearance)
    }

    func testOneElementPerVisibleViewAtItsSolvedFrame() throws {
        let layout = try Layout(source: Self.kitchenSink, file: "sink.htll")
        let s = try screen("iphone-15")
        let svg = try SVGPreview.render(layout, screens: [s])
        let frames = try layout.frames(width: s.width, height: s.height)
        let elements = viewElements(svg)
        let visible = frames.filter { $0.name != "secret" }
        XCTAssertEqual(elements.map(\.name), visible.map(\.name))
        XCTAssertEqual(elements.map(\.kind), visible.map(\.kind))
        for (e, f) in zip(elements, visible) {
            XCTAssertEqual(e.x, f.x, accuracy: 0.01, e.name)
            XCTAssertEqual(e.y, f.y, accuracy: 0.01, e.name)
            XCTAssertEqual(e.width, f.width, accuracy: 0.01, e.name)
            XCTAssertEqual(e.height, f.height, accuracy: 0.01, e.name)
        }
        XCTAssertTrue(frames.contains { $0.name == "secret" }, "the hidden view is solved")
        XCTAssertFalse(svg.contains("data-name=\"secret\""), "but not drawn")
        XCTAssertFalse(svg.contains(">secret<"))
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains("font-family=\"Nimbus Sans, Helvetica, Arial, sans-serif\""))
    }

    /// Previews read the solved views as values, not text written for `htll frames` to be read
    /// back: a label's text that looks like a resource is drawn as written, while the resource
    /// itself draws as a resource, and a view named in an attribute arrives as its name.
    func testAttributesArriveAsValuesNotText() throws {
        let layout = try Layout(source: """
            (let* ((plain (label '((text . "(image-named \\"x.png\\")"))))
                   (real (label `((text . ,(localized "k" "Hello")) (text-color . (rgba-color 1 0 0 1))))))
              (in (above plain real 0.5) 'self.view))
            """, file: "values.htll")
        let views = try layout.solvedViews(canvas: Layout.Canvas(width: 390, height: 844))
        let plain = try XCTUnwrap(views.first { $0.name == "plain" })
        let real = try XCTUnwrap(views.first { $0.name == "real" })
        XCTAssertEqual(plain.text("text"), "(image-named \"x.png\")")
        XCTAssertEqual(real.text("text"), "Hello")
        XCTAssertEqual(real.color("text-color")?.svg, "rgb(255,0,0)")
        let svg = try SVGPreview.render(layout, screens: [try screen("iphone-15")])
        XCTAssertTrue(svg.contains(">(image-named &quot;x.png&quot;)</text>"), svg)
        XCTAssertFalse(svg.contains("[x.png]"))
    }

    func testViewContents() throws {
        let layout = try Layout(source: Self.kitchenSink, file: "sink.htll")
        let svg = try SVGPreview.render(layout, screens: [try screen("iphone-se")])
        // The long title is cut with an ellipsis to the label's width, centred, in red.
        let title = try XCTUnwrap(svg.range(of: #"<text [^>]*>A title[^<]*</text>"#, options: .regularExpression).map { String(svg[$0]) })
        XCTAssertTrue(title.hasSuffix("\u{2026}</text>"), title)
        XCTAssertTrue(title.contains("text-anchor=\"middle\"") && title.contains("fill=\"rgb(255,0,0)\""), title)
        let frames = try layout.frames(width: 375, height: 667)
        let titleFrame = try XCTUnwrap(frames.first { $0.name == "titleLabel" })
        let shown = title.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
        XCTAssertLessThanOrEqual(TextMetrics.width(of: Substring(shown), weight: .regular, points: 17), titleFrame.width + 0.01)
        // Placeholder in grey, selected segment filled, slider thumb half way, alpha, image name, table rows.
        XCTAssertTrue(svg.contains("fill=\"rgb(199,199,205)\" text-anchor=\"start\" xml:space=\"preserve\">User name</text>"))
        XCTAssertEqual(svg.components(separatedBy: "class=\"selected\"").count - 1, 1)
        XCTAssertTrue(svg.contains(">Three</text>"))
        let speed = try XCTUnwrap(frames.first { $0.name == "speed" })
        XCTAssertTrue(svg.contains("class=\"thumb\" cx=\"\(SVGWriter.number(speed.width / 2))\""))
        XCTAssertTrue(svg.contains("data-name=\"ok\" data-kind=\"rounded-rect-button\"") && svg.contains("opacity=\"0.5\">"))
        XCTAssertTrue(svg.contains(">gear.png</text>"))
        let rows = try XCTUnwrap(frames.first { $0.name == "rows" })
        XCTAssertEqual(svg.components(separatedBy: "class=\"separator\"").count - 1, Int(rows.height / 50))
        XCTAssertTrue(svg.contains("fill=\"rgb(0,0,255)\" fill-opacity=\"0.25\""))
        XCTAssertFalse(svg.contains("class=\"outline\""))
        let outlined = try SVGPreview.render(layout, screens: [try screen("iphone-se")], options: .init(outline: true))
        XCTAssertEqual(outlined.components(separatedBy: "class=\"outline\"").count - 1, frames.count - 1)
        XCTAssertTrue(outlined.contains(">titleLabel (label)</text>"))
    }

    func testWrappingAlignmentAndColours() throws {
        let source = """
            (let ((body (label `((text . "The quick brown fox jumps over the lazy dog again and again and again")
                                 (number-of-lines . 0) (text-alignment . right)
                                 (text-color . ,(hsba-color 0 1 1 1)) (size 120 200))))
                  (tiny (label '((text . "one two three four five six seven") (number-of-lines . 2147483647)
                                 (size 60 42)))))
              (in (above body tiny 0.5) 'self.view))
            """
        let layout = try Layout(source: source, file: "wrap.htll")
        let svg = try SVGPreview.render(layout, screens: [try screen("iphone-se")])
        let texts = svg.components(separatedBy: "\n").filter { $0.hasPrefix("<text") && $0.contains("rgb(255,0,0)") }
        XCTAssertGreaterThan(texts.count, 3, "wrapped into lines")
        for t in texts {
            XCTAssertTrue(t.contains("text-anchor=\"end\""), t)
            let shown = t.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
            XCTAssertLessThanOrEqual(TextMetrics.width(of: Substring(shown), weight: .regular, points: 17), 120.01, shown)
        }
        // Two lines (2 × 20.4 points) fit 42 points of 17-point text; the second ends in an ellipsis.
        let tiny = svg.components(separatedBy: "\n").filter { $0.hasPrefix("<text") && ($0.contains(">one") || $0.contains("\u{2026}</text>")) }
        XCTAssertEqual(tiny.count, 2, tiny.joined(separator: "\n"))
        XCTAssertTrue(tiny.last?.hasSuffix("\u{2026}</text>") ?? false)
    }

    func testDevicesAndContactSheet() throws {
        let d = try XCTUnwrap(DevicePreset.named("iphone-15"))
        XCTAssertEqual(d.portraitInsets, .init(59, 0, 34, 0))
        let land = PreviewScreen(device: d, landscape: true)
        XCTAssertEqual(land.width, 852); XCTAssertEqual(land.height, 393)
        XCTAssertEqual(land.insets, .init(0, 59, 21, 59))
        XCTAssertNil(DevicePreset.named("nokia-3310"))
        for key in ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad", "ipad-pro-12.9"] {
            XCTAssertNotNil(DevicePreset.named(key), key)
        }
        let login = GoldenTests.examples.appendingPathComponent("login.htll").path
        let r = HTLLCommand.preview([login, "--both", "--device", "iphone-15", "--device", "ipad"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        XCTAssertTrue(r.output.contains("data-htll-preview=\"4\""))
        XCTAssertEqual(r.output.components(separatedBy: "class=\"caption\"").count - 1, 4)
        XCTAssertTrue(r.output.contains("iPhone 15 — landscape (852 × 393 pt)"))
        XCTAssertEqual(viewElements(r.output).filter { $0.name == "heading" }.count, 4)
        let scaled = HTLLCommand.preview([login, "--size", "300x500", "--scale", "2"])
        XCTAssertEqual(scaled.status, 0, scaled.errorOutput)
        XCTAssertTrue(scaled.output.contains("viewBox=\"0 0 388 ") && scaled.output.contains("width=\"776\""), String(scaled.output.prefix(300)))
        XCTAssertEqual(HTLLCommand.preview([login, "--device", "nokia"]).status, 2)
        XCTAssertEqual(HTLLCommand.preview([login, "-o", "x.gif"]).status, 2)
        XCTAssertEqual(HTLLCommand.preview([]).status, 2)
    }

    func testErrorPictureShowsTheLocation() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.htll")
        try "(in (label '((text . \"x\")\n  (colour . red-color))) 'self.view)\n".write(to: bad, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("bad.svg").path
        let r = HTLLCommand.preview([bad.path, "-o", out])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.errorOutput.contains("bad.htll:"), r.errorOutput)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(svg.contains("data-htll-error"))
        XCTAssertTrue(svg.contains("Layout error"))
        let location = try XCTUnwrap(r.errorOutput.range(of: #"bad\.htll:\d+:\d+"#, options: .regularExpression))
        XCTAssertTrue(svg.contains(String(r.errorOutput[location])), svg)
        XCTAssertFalse(svg.contains("class=\"view\""))
        let missing = HTLLCommand.preview([dir.appendingPathComponent("none.htll").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.output.contains("cannot read the file"))
    }

    func testPNGOutput() throws {
        guard PNGRasterizer.converterPath != nil else { throw Missing.rsvg }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("gearcalc.png").path
        let gearcalc = GoldenTests.examples.appendingPathComponent("gearcalc.htll").path
        let r = HTLLCommand.preview([gearcalc, "-o", out, "--device", "iphone-se"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        let png = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR width: the sheet is the screen plus bezel and margins, in pixels at scale 1.
        let width = png.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(width, Int(32 + 12 + 375 + 12 + 32))
    }

    func testWatchFollowsIncludesAndReRenders() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let main = dir.appendingPathComponent("main.htll").path, part = dir.appendingPathComponent("part.scm").path
        try "(define greeting \"Hello\")\n".write(toFile: part, atomically: true, encoding: .utf8)
        try "(include \"part.scm\")\n(in (label `((text . ,greeting))) 'self.view)\n".write(toFile: main, atomically: true, encoding: .utf8)
        XCTAssertEqual(PreviewWatcher.watchedFiles(for: main), [main, part])
        let out = dir.appendingPathComponent("out.svg").path
        let screens = [try screen("iphone-se")]
        let done = expectation(description: "two renders")
        Thread.detachNewThread {
            PreviewWatcher.run(file: main, maxRenders: 2, interval: 0.05) {
                HTLLCommand.renderPreview(file: main, screens: screens, options: .init(), output: out)
            }
            done.fulfill()
        }
        // Wait for the first picture, then change the included file (with a later date, so a
        // coarse file-system clock still sees the change).
        let start = Date()
        while !FileManager.default.fileExists(atPath: out), Date().timeIntervalSince(start) < 10 { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).contains(">Hello</text>"))
        try "(define greeting \"Goodbye\")\n".write(toFile: part, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: part)
        wait(for: [done], timeout: 10)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).contains(">Goodbye</text>"))
        XCTAssertEqual(HTLLCommand.preview([main, "--watch"]).status, 2, "--watch needs -o")
    }

    /// Writes the README pictures when HTLL_PREVIEW_DOCS names a directory.
    func testDarkAppearanceChangesWhatTheLayoutLeavesUnset() throws {
        let source = """
            (let ((plain (label '((text . "Plain"))))
                  (red (label '((text . "Red") (text-color . red-color))))
                  (field (text-field '((placeholder . "Name") (border-style . rounded-rect))))
                  (white (label '((text . "On white") (background-color . white-color)))))
              (in (above plain (above red (above field white 0.5) 0.5) 0.25) 'self.view))
            """
        let layout = try Layout(source: source, file: "dark.htll")
        let light = try SVGPreview.render(layout, screens: [try screen("iphone-15")])
        let dark = try SVGPreview.render(layout, screens: [try screen("iphone-15", appearance: .dark)])
        func line(_ svg: String, _ text: String) -> String { svg.components(separatedBy: "\n").first { $0.contains(">\(text)</text>") } ?? "" }
        // Unset text is the label colour: black, white in the dark; a named colour stays itself.
        XCTAssertTrue(line(light, "Plain").contains("fill=\"rgb(0,0,0)\""), line(light, "Plain"))
        XCTAssertTrue(line(dark, "Plain").contains("fill=\"rgb(255,255,255)\""), line(dark, "Plain"))
        XCTAssertTrue(line(dark, "Red").contains("fill=\"rgb(255,0,0)\""), line(dark, "Red"))
        // A background the layout sets stays; the screen's own becomes black.
        XCTAssertTrue(dark.contains("<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"rgb(255,255,255)\"/>"))
        XCTAssertTrue(dark.contains("height=\"852\" fill=\"rgb(0,0,0)\"/>"), "the screen is black")
        XCTAssertTrue(light.contains("height=\"852\" fill=\"rgb(255,255,255)\"/>"), "the screen is white")
        // Placeholders, fields and the status bar follow the appearance.
        XCTAssertNotEqual(line(light, "Name"), line(dark, "Name"))
        XCTAssertTrue(dark.contains(">9:41</text>") && line(dark, "9:41").contains("rgb(255,255,255)"), line(dark, "9:41"))
        XCTAssertEqual(light, try SVGPreview.render(layout, screens: [try screen("iphone-15", appearance: .light)]))

        // htll preview --dark draws the same as --appearance dark.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-dark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dark.htll")
        try Data(source.utf8).write(to: file)
        let r = HTLLCommand.preview([file.path, "--dark"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        XCTAssertEqual(r.output, try SVGPreview.render(try Layout(contentsOfFile: file.path),
                                                       screens: [PreviewScreen(device: .standard, landscape: false, appearance: .dark)]))
        XCTAssertEqual(r.output, HTLLCommand.preview([file.path, "--appearance", "dark"]).output)
    }

    func testWriteDocumentationPictures() throws {
        guard let dir = ProcessInfo.processInfo.environment["HTLL_PREVIEW_DOCS"] else { throw XCTSkip("skipped: writes the README's pictures (docs/*.png) into the folder HTLL_PREVIEW_DOCS names; picture regressions are PreviewRegressionTests") }
        let ex = GoldenTests.examples
        for (args, name) in [([ex.appendingPathComponent("gearcalc.htll").path, "--device", "iphone-15"], "preview-gearcalc"),
                             ([ex.appendingPathComponent("login.htll").path, "--device", "iphone-15", "--both"], "preview-login"),
                             ([ex.appendingPathComponent("cell.htll").path, "--size", "320x60", "--outline", "--scale", "2"], "preview-cell"),
                             ([ex.appendingPathComponent("login.htll").path, "--device", "ipad", "--outline"], "preview-login-ipad"),
                             ([ex.appendingPathComponent("primitives.htll").path, "--device", "iphone-15"], "preview-primitives")] {
            for ext in ["svg", "png"] {
                let r = HTLLCommand.preview(args + ["-o", dir + "/" + name + "." + ext])
                XCTAssertEqual(r.status, 0, r.errorOutput)
            }
        }
        let sinkFile = dir + "/sink.htll"
        try Self.kitchenSink.write(toFile: sinkFile, atomically: true, encoding: .utf8)
        _ = HTLLCommand.preview([sinkFile, "--device", "iphone-se", "-o", dir + "/preview-sink.png"])
        let bad = dir + "/bad.htll"
        try "(in (label '((text . \"x\")\n  (colour . red-color))) 'self.view)\n".write(toFile: bad, atomically: true, encoding: .utf8)
        _ = HTLLCommand.preview([bad, "-o", dir + "/preview-error.png"])
    }
}
