import Foundation
import XCTest
import Scheme
@testable import HTLL

/// The live preview page in a real browser (headless Chromium): it redraws on a save without
/// reloading, keeping scroll and toggles; what it shows matches `htll preview`'s SVG as rsvg-convert
/// draws it; hovering and clicking a view name it and copy its location; the Code tab shows the
/// generated code; hostile text stays text. Skipped, saying so, without Chromium or rsvg-convert.
final class ServeBrowserTests: XCTestCase {
    static let before = """
        (define title (label '((text . "Before") (font . (bold-system-font-of-size 28)) (text-alignment . center))))
        (in (above title blank 0.2) 'self.view)

        """
    static let after = """
        (define title (label '((text . "After the save") (font . (bold-system-font-of-size 28)) (text-alignment . center))))
        (define name (text-field '((placeholder . "Your name") (border-style . rounded-rect))))
        (define go (rounded-rect-button '((title-for-state . ("Go" . normal)))))
        (define note (label `((text . "Every device, side by side.") (text-color . darkGray-color) (font . ,(preferred-font 'footnote)))))
        (in (above title (above name (above go note 0.5) 0.3) 0.25) 'self.view)

        """

    private func browser() throws -> HeadlessChromium {
        guard let path = HeadlessChromium.path else {
            throw XCTSkip("Chromium is not installed (Debian: apt-get install chromium): the live preview page is not checked in a real browser")
        }
        guard PNGRasterizer.converterPath != nil else {
            throw XCTSkip("rsvg-convert is not installed (Debian: librsvg2-bin): the page cannot be compared with htll's own rendering")
        }
        let b = try HeadlessChromium.started(path: path)
        addTeardownBlock { b.close() }
        return b
    }

    private func serve(_ text: String) throws -> ServedLayout {
        let s = try ServedLayout(["screen.htll": text])
        addTeardownBlock { s.close() }
        return s
    }

    /// How much two PNGs (base64) differ, decoded and compared by the browser in a blank tab: the
    /// share of pixels with a channel more than 64 apart, and the mean of the largest channel
    /// difference (0–255).
    private func difference(_ b: HeadlessChromium, _ first: String, _ second: String) throws -> (share: Double, mean: Double) {
        let tab = try b.open("about:blank")
        let script = """
            (async (a, b) => {
              const load = (src) => new Promise((ok, fail) => { const i = new Image(); i.onload = () => ok(i); i.onerror = fail; i.src = src; });
              const [x, y] = await Promise.all([load(a), load(b)]);
              if (x.width !== y.width || x.height !== y.height) return { sizes: [x.width, x.height, y.width, y.height] };
              const pixels = (img) => {
                const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
                const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data;
              };
              const p = pixels(x), q = pixels(y);
              let far = 0, sum = 0;
              for (let i = 0; i < p.length; i += 4) {
                const d = Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]), Math.abs(p[i + 2] - q[i + 2]));
                sum += d; if (d > 64) far++;
              }
              return { share: far / (p.length / 4), mean: sum / (p.length / 4) };
            })("data:image/png;base64,\(first)", "data:image/png;base64,\(second)")
            """
        let r = try XCTUnwrap(try tab.evaluate(script) as? [String: Any])
        if let sizes = r["sizes"] { throw HeadlessChromium.Failure("the pictures differ in size: \(sizes)") }
        return (r["share"] as? Double ?? 1, r["mean"] as? Double ?? 255)
    }

    /// `svg` rasterised by rsvg-convert, as base64 PNG.
    private func rasterised(_ svg: String) throws -> String {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("htll-serve-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try PNGRasterizer.writePNG(svg: svg, to: png.path)
        return try Data(contentsOf: png).base64EncodedString()
    }

    /// The contact sheet `htll preview` draws for `file` as it is now (on the default device, the page's too).
    private func preview(_ file: URL) throws -> String {
        let layout = try Layout(contentsOfFile: file.path, sandbox: true)
        let screen = PreviewScreen(device: .standard, landscape: false)
        return try SVGPreview.render(layout, screens: [screen])
    }

    func testThePageRedrawsOnASaveAndShowsWhatPreviewDraws() throws {
        let b = try browser()
        let s = try serve(Self.before)
        let tab = try b.open(s.preview.url)
        try tab.wait(for: "document.documentElement.dataset.version === '1' && document.documentElement.dataset.state === 'ok'")
        // A mark that a reload would wipe.
        _ = try tab.evaluate("window.htllMark = 'still here'")

        try s.write(Self.after)
        try tab.wait(for: "document.documentElement.dataset.state === 'ok' && document.querySelectorAll('#sheet svg.view').length === 4")
        XCTAssertGreaterThanOrEqual(try tab.evaluate("Number(document.documentElement.dataset.version)") as? Int ?? 0, 2)
        XCTAssertEqual(try tab.evaluate("window.htllMark") as? String, "still here", "redrawn without a reload")

        // The sheet as the browser shows it, against the same SVG drawn by rsvg-convert.
        let box = try XCTUnwrap(try tab.evaluate("(() => { const r = document.querySelector('#sheet > svg').getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()") as? [Double])
        XCTAssertEqual(box.map { $0.rounded() == $0 }, [true, true, true, true], "the sheet sits on whole pixels: \(box)")
        let shot = try tab.screenshot(x: box[0], y: box[1], width: box[2], height: box[3])
        let now = try difference(b, shot, try rasterised(preview(s.file)))
        // To look at a failure: HTLL_SERVE_SHOTS=FOLDER keeps both pictures there.
        if let dir = ProcessInfo.processInfo.environment["HTLL_SERVE_SHOTS"] {
            try Data(base64Encoded: shot)?.write(to: URL(fileURLWithPath: dir + "/browser.png"))
            try Data(base64Encoded: try rasterised(preview(s.file)))?.write(to: URL(fileURLWithPath: dir + "/rsvg.png"))
        }
        XCTAssertLessThan(now.share, 0.01, "pixels far apart: \(now)")
        XCTAssertLessThan(now.mean, 4, "mean difference: \(now)")
        // The comparison can tell states apart: the picture before the save differs.
        let old = s.folder.appendingPathComponent("old.htll")
        try Data(Self.before.utf8).write(to: old)
        let then = try difference(b, shot, try rasterised(preview(old)))
        XCTAssertGreaterThan(then.share, now.share * 3 + 0.002, "the old state must not match: \(then) vs \(now)")
    }

    func testTogglesScrollHoverCodeAndHostileText() throws {
        let b = try browser()
        let s = try serve(Self.after)
        let tab = try b.open(s.preview.url, width: 1200, height: 700)
        try b.call("Browser.grantPermissions", ["origin": s.preview.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]])
        try tab.wait(for: "document.documentElement.dataset.version === '1' && document.documentElement.dataset.state === 'ok'")

        // Both orientations, scrolled down: a save keeps both.
        _ = try tab.evaluate("document.querySelector('[data-toggle=orientation] [data-value=both]').click()")
        try tab.wait(for: "document.querySelectorAll('#sheet g.screen').length === 2")
        _ = try tab.evaluate("window.scrollTo(0, 150)")
        // Waiting for the new text itself, not a version number.
        try s.write(Self.after.replacingOccurrences(of: "After the save", with: "Saved again"))
        try tab.wait(for: "document.documentElement.dataset.state === 'ok' && document.querySelector('#sheet text').textContent === 'Saved again'")
        XCTAssertEqual(try tab.evaluate("window.scrollY") as? Int, 150)
        XCTAssertEqual(try tab.evaluate("document.querySelectorAll('#sheet g.screen').length") as? Int, 2)
        XCTAssertEqual(try tab.evaluate("document.querySelector('[data-toggle=orientation] [aria-pressed=true]').dataset.value") as? String, "both")
        XCTAssertEqual(try tab.evaluate("document.querySelector('#sheet text').textContent") as? String, "Saved again")

        // Hovering a view names it; a click copies its file:line:col.
        let centre = try XCTUnwrap(try tab.evaluate("(() => { const r = document.querySelector('#sheet svg.view[data-name=go]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()") as? [Double])
        try tab.mouse("mouseMoved", x: centre[0], y: centre[1])
        try tab.wait(for: "!document.getElementById('tooltip').hidden")
        let tip = try tab.evaluate("document.getElementById('tooltip').textContent") as? String ?? ""
        // Line 3 is `(define go (rounded-rect-button …`: the view is made by the call at column 12.
        let location = s.file.path + ":3:12"
        XCTAssertTrue(tip.hasPrefix("go (rounded-rect-button)x "), tip)
        XCTAssertTrue(tip.contains(location), tip)
        XCTAssertEqual(try tab.evaluate("!document.getElementById('highlight').hidden") as? Bool, true)
        try tab.mouse("mousePressed", x: centre[0], y: centre[1])
        try tab.mouse("mouseReleased", x: centre[0], y: centre[1])
        try tab.wait(for: "document.getElementById('toast').textContent === 'Copied \(location)'")
        XCTAssertEqual(try tab.evaluate("navigator.clipboard.readText()") as? String, location, "the clipboard holds the location")

        // The Code tab: the generated Objective-C, highlighted; Swift on request.
        _ = try tab.evaluate("document.getElementById('tab-code').click()")
        try tab.wait(for: "document.querySelector('#code').textContent.includes('@implementation ViewController (Layout)')")
        XCTAssertGreaterThan(try tab.evaluate("document.querySelectorAll('#code span.kw').length") as? Int ?? 0, 5)
        _ = try tab.evaluate("document.querySelector('#outputs [data-output=swift]').click()")
        try tab.wait(for: "document.querySelector('#code').textContent.includes('extension ViewController')")
        // The frames of the screens shown (both orientations).
        _ = try tab.evaluate("document.querySelector('#outputs [data-output=frames]').click()")
        try tab.wait(for: "document.querySelector('#code').textContent.includes('\"orientation\": \"landscape\"')")
        let frames = try tab.evaluate("JSON.parse(document.querySelector('#code').textContent).map((s) => s.orientation).join()") as? String
        XCTAssertEqual(frames, "portrait,landscape")
        _ = try tab.evaluate("document.getElementById('tab-preview').click()")

        // The dark appearance: the screens turn black, the unset text white.
        let screenFill = "document.querySelector('#sheet g.screen g[clip-path] > rect').getAttribute('fill')"
        XCTAssertEqual(try tab.evaluate(screenFill) as? String, "rgb(255,255,255)")
        _ = try tab.evaluate("document.querySelector('[data-toggle=appearance] [data-value=dark]').click()")
        try tab.wait(for: "\(screenFill) === 'rgb(0,0,0)'")
        XCTAssertEqual(try tab.evaluate("document.querySelector('#sheet svg.view[data-name=note] text').getAttribute('fill')") as? String, "rgb(85,85,85)", "darkGray-color stays")

        // The text size: a menu of the text sizes; Dynamic Type text follows, and the choice survives a save.
        let noteSize = "document.querySelector('#sheet svg.view[data-name=note] text').getAttribute('font-size')"
        XCTAssertEqual(try tab.evaluate(noteSize) as? String, "13", "footnote at the default text size")
        XCTAssertEqual(try tab.evaluate("document.querySelectorAll('select[data-toggle=text-size] option').length") as? Int, Layout.Canvas.textSizes.count)
        _ = try tab.evaluate("(() => { const m = document.querySelector('select[data-toggle=text-size]'); m.value = 'accessibility-extra-extra-extra-large'; m.dispatchEvent(new Event('change')); })()")
        try tab.wait(for: "\(noteSize) === '44'")
        try s.write(Self.after.replacingOccurrences(of: "After the save", with: "Text size kept"))
        try tab.wait(for: "document.documentElement.dataset.state === 'ok' && document.querySelector('#sheet text').textContent === 'Text size kept'")
        XCTAssertEqual(try tab.evaluate(noteSize) as? String, "44")
        XCTAssertEqual(try tab.evaluate("document.querySelector('select[data-toggle=text-size]').value") as? String, "accessibility-extra-extra-extra-large")

        // Markup in an error message and in a label is shown as text and never runs.
        let hostile = #"<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>"#
        let literal = ServeLivePreviewTests.schemeString(hostile)
        try s.write("(define a (label '((text . \(literal)))))\n(error \(literal))\n")
        try tab.wait(for: "document.documentElement.dataset.state === 'error'")
        XCTAssertEqual(try tab.evaluate("document.getElementById('error-location').textContent") as? String, s.file.path + ":2:1")
        XCTAssertTrue((try tab.evaluate("document.getElementById('error-message').textContent") as? String)?.contains(hostile) == true)
        try s.write("(in (label '((text . \(literal)))) 'self.view)\n")
        try tab.wait(for: "document.documentElement.dataset.state === 'ok'")
        // The label is one line, cut with "…" where the screen ends, as on iOS: its text is the markup's.
        let shown = try tab.evaluate("document.querySelector('#sheet svg.view text').textContent") as? String ?? ""
        XCTAssertTrue(shown.hasPrefix(#"<img src=x onerror="document.title='pwned'">"#), shown)
        XCTAssertEqual(try tab.evaluate("document.querySelectorAll('img, #sheet script').length") as? Int, 0)
        XCTAssertNotEqual(try tab.evaluate("document.title") as? String, "pwned")
    }
}
