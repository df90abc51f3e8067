import Foundation
import XCTest
import Scheme
@testable import HTLL

/// `htll serve`'s pages and endpoints over sockets: the page and its parts, the event stream
/// announcing every save (of the layout and of what it includes), errors with their location,
/// hostile layouts, limits and the sandbox.
final class ServeLivePreviewTests: XCTestCase {
    static let hello = "(define greeting (label '((text . \"Hello\"))))\n(in (above greeting blank 0.2) 'self.view)\n"

    private func serve(_ files: KeyValuePairs<String, String>, limits: Scheme.Limits = Layout.limits(sandbox: true)) throws -> ServedLayout {
        let served = try ServedLayout(files, limits: limits)
        addTeardownBlock { served.close() }
        return served
    }

    func testServesThePageItsPartsAndNothingElse() throws {
        let s = try serve(["screen.htll": Self.hello, "secret.txt": "not for the browser"])
        let page = try RawHTTPClient.get(s.port, "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("content-type"), "text/html; charset=utf-8")
        XCTAssertTrue(page.body.contains("<script src=\"/serve.js\""))
        XCTAssertTrue(page.header("content-security-policy")?.contains("script-src 'self'") == true)
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/serve.js").header("content-type"), "text/javascript; charset=utf-8")
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/serve.css").status, 200)
        // The page is self-contained: nothing it loads comes from elsewhere.
        for asset in ["/", "/serve.js", "/serve.css"] {
            let body = try RawHTTPClient.get(s.port, asset).body
            XCTAssertNil(body.range(of: #"(src|href)\s*=\s*["']?(https?:)?//"#, options: .regularExpression), asset)
            XCTAssertFalse(body.contains("@import"), asset)
        }
        let info = try s.get("/info")
        XCTAssertEqual(info.json?["file"] as? String, s.file.path)
        let devices = (info.json?["devices"] as? [[String: Any]])?.compactMap { $0["key"] as? String } ?? []
        XCTAssertEqual(Array(devices.prefix(2)), ["iphone-16e", "iphone-16"])
        XCTAssertEqual((info.json?["outputs"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["objc", "swift", "frames", "constraints"])
        XCTAssertEqual((info.json?["toggles"] as? [[String: Any]])?.compactMap { $0["name"] as? String },
                       PreviewChoice.toggles.map(\.name))
        // The server is no file server: names of files beside the layout are unknown pages.
        for path in ["/secret.txt", "/screen.htll", "/" + s.file.path, "/serve.html", "/index.htm", "/events/x", "/info/"] {
            XCTAssertEqual(try RawHTTPClient.get(s.port, path).status, 404, path)
        }
        for path in ["/render?device=nokia-3310", "/render?colour=red", "/render?orientation=sideways",
                     "/render?" + (0..<9).map { "device=\(PreviewChoice.deviceKeys[$0])" }.joined(separator: "&"),
                     "/code?output=cobol", "/code?direction=up"] {
            let r = try s.get(path)
            XCTAssertEqual(r.status, 400, path)
            XCTAssertTrue(r.body.hasPrefix("400 Bad Request: "), r.body)
        }
    }

    func testEverySaveIsAnnouncedAndRendered() throws {
        let s = try serve(["screen.htll": "(include \"shared/words.htll\")\n" + Self.hello,
                           "shared/words.htll": "(define word \"one\")\n"])
        let stream = try s.events()
        var seen = ""
        XCTAssertNotNil(stream.waitForUpdate(atLeast: 1, seen: &seen), seen)
        let first = try s.get("/render?device=iphone-15&orientation=both")
        XCTAssertEqual(first.json?["version"] as? Int, 1)
        let svg = try XCTUnwrap(first.json?["svg"] as? String)
        XCTAssertTrue(svg.contains(">Hello</text>"))
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"screen\"").count - 1, 2, "portrait and landscape")
        let screens = try XCTUnwrap(first.json?["screens"] as? [[String: Any]])
        XCTAssertEqual(screens.map { $0["orientation"] as? String }, ["portrait", "landscape"])
        let views = try XCTUnwrap(screens[0]["views"] as? [[String: Any]])
        let greeting = try XCTUnwrap(views.first { $0["name"] as? String == "greeting" })
        XCTAssertEqual(greeting["kind"] as? String, "label")
        XCTAssertEqual(greeting["location"] as? String, s.file.path + ":2:18", "the include is line 1")
        XCTAssertNotNil(greeting["width"] as? Double)

        try s.write(Self.hello.replacingOccurrences(of: "Hello", with: "Bonjour"))
        XCTAssertNotNil(stream.waitForUpdate(atLeast: 2, seen: &seen), seen)
        let second = try s.get("/render?device=iphone-15&orientation=both")
        XCTAssertGreaterThanOrEqual(second.json?["version"] as? Int ?? 0, 2)
        XCTAssertTrue((second.json?["svg"] as? String)?.contains(">Bonjour</text>") == true)

        // A file the layout includes is watched too.
        try s.write("(include \"shared/words.htll\")\n(in (label `((text . ,word))) 'self.view)\n")
        XCTAssertNotNil(stream.waitForUpdate(atLeast: 3, seen: &seen), seen)
        XCTAssertTrue((try s.get("/render").json?["svg"] as? String)?.contains(">one</text>") == true)
        try s.write("(define word \"two\")\n", to: "shared/words.htll")
        XCTAssertNotNil(stream.waitForUpdate(atLeast: 4, seen: &seen), seen)
        XCTAssertTrue((try s.get("/render").json?["svg"] as? String)?.contains(">two</text>") == true)
        XCTAssertTrue(seen.contains("event: compiling\n"), "the page hears a compile start")
    }

    /// A layout Auto Layout cannot state still draws; its Constraints output is the located refusal.
    /// (A flow row breaks its lines at run time: no one set of constraints states it.)
    func testConstraintsOutputShowsARefusalWithItsLocation() throws {
        let s = try serve(["c.htll": "(define a (label '((text . \"A\"))))\n(in (flow 8 a (label)) 'self.view)\n"])
        XCTAssertNotNil(try s.get("/render").json?["svg"] as? String)
        let code = try s.get("/code?output=constraints")
        XCTAssertEqual(code.status, 200)
        let error = try XCTUnwrap(code.json?["error"] as? [String: Any], code.body)
        XCTAssertEqual(error["location"] as? String, s.file.path + ":2:5")
        XCTAssertTrue((error["message"] as? String)?.contains("error: --constraints: flow: ") == true, code.body)
    }

    /// collapse-when-hidden is stated as constraints now: the Constraints output is the constraints.
    func testConstraintsOutputOfACollapsingView() throws {
        let s = try serve(["c.htll": "(define a (label '((text . \"A\"))))\n(in (vseq (collapse-when-hidden a) (label)) 'self.view)\n"])
        let code = try s.get("/code?output=constraints")
        XCTAssertEqual(code.status, 200)
        XCTAssertNil(code.json?["error"], code.body)
        XCTAssertTrue((code.json?["text"] as? String)?.contains("\"first\": \"a.top\"") == true, code.body)
    }

    func testALayoutErrorIsShownWithItsLocation() throws {
        let s = try serve(["bad.htll": "(define a (label '((text . \"x\"))))\n(in (above a (sliderr '()) 0.5) 'self.view)\n"])
        let r = try s.get("/render")
        XCTAssertEqual(r.status, 200)
        XCTAssertNil(r.json?["svg"] as? String)
        let error = try XCTUnwrap(r.json?["error"] as? [String: Any])
        XCTAssertEqual(error["location"] as? String, s.file.path + ":2:14")
        XCTAssertEqual(error["message"] as? String, s.file.path + ":2:14: error: unbound variable: sliderr; did you mean slider?")
        let code = try s.get("/code?output=swift")
        XCTAssertEqual((code.json?["error"] as? [String: Any])?["location"] as? String, s.file.path + ":2:14")
        // Fixed: the next version draws again.
        let stream = try s.events()
        var seen = ""
        try s.write("(define a (label '((text . \"x\"))))\n(in (above a (slider '()) 0.5) 'self.view)\n")
        XCTAssertEqual(stream.waitForUpdate(atLeast: 2, seen: &seen)?["ok"] as? Bool, true, seen)
        XCTAssertNotNil(try s.get("/render").json?["svg"] as? String)
    }

    func testGeneratedCodeForTheCurrentVersion() throws {
        let s = try serve(["screen.htll": Self.hello])
        let objc = try s.get("/code?output=objc")
        XCTAssertEqual(objc.json?["output"] as? String, "objc")
        XCTAssertTrue((objc.json?["text"] as? String)?.contains("@implementation ViewController (Layout)") == true, objc.body)
        let swift = try s.get("/code?output=swift&direction=rtl")
        let text = try XCTUnwrap(swift.json?["text"] as? String)
        XCTAssertTrue(text.contains("extension ViewController"), text)
        XCTAssertEqual(text, try Layout(contentsOfFile: s.file.path, sandbox: true).mirrored().swift())
    }

    func testFramesAndDarkFollowTheChoice() throws {
        let s = try serve(["screen.htll": Self.hello])
        let layout = try Layout(contentsOfFile: s.file.path, sandbox: true)
        // The Frames output: the solved frames of every chosen screen, as `htll frames` gives them.
        let r = try s.get("/code?output=frames&device=iphone-se&device=ipad&orientation=both&direction=rtl")
        XCTAssertEqual(r.status, 200, r.body)
        let text = try XCTUnwrap(r.json?["text"] as? String, r.body)
        let screens = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(screens.map { "\($0["device"] ?? "") \($0["orientation"] ?? "")" },
                       ["iphone-se portrait", "iphone-se landscape", "ipad portrait", "ipad landscape"])
        let se = PreviewScreen(device: try XCTUnwrap(DevicePreset.named("iphone-se")), landscape: true)
        let expected = try JSONSerialization.jsonObject(with: Data(try layout.framesJSON(canvas: .init(screen: se, rightToLeft: true)).utf8))
        XCTAssertEqual(screens[1]["frames"] as? NSObject, expected as? NSObject, "mirrored, landscape")
        XCTAssertEqual(try s.get("/code?output=frames&device=nokia").status, 400)

        // The Constraints output: the same screens, as `htll frames --constraints` gives them.
        let c = try s.get("/code?output=constraints&device=iphone-se&orientation=both&direction=rtl")
        let cText = try XCTUnwrap(c.json?["text"] as? String, c.body)
        let cScreens = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(cText.utf8)) as? [[String: Any]])
        XCTAssertEqual(cScreens.map { "\($0["device"] ?? "") \($0["orientation"] ?? "")" }, ["iphone-se portrait", "iphone-se landscape"])
        let cExpected = try JSONSerialization.jsonObject(with: Data(try layout.constraintsJSON(canvas: .init(screen: se, rightToLeft: true)).utf8))
        XCTAssertEqual(cScreens[1]["constraints"] as? NSObject, cExpected as? NSObject, "mirrored, landscape")

        // The dark appearance is what `htll preview --dark` draws.
        let dark = try XCTUnwrap(try s.get("/render?appearance=dark").json?["svg"] as? String)
        XCTAssertEqual(dark, try SVGPreview.render(layout, screens: [PreviewScreen(device: .standard, landscape: false, appearance: .dark)]))
        // both: each screen in the light appearance, then in the dark one, as `htll preview --appearance both`.
        let both = try XCTUnwrap(try s.get("/render?appearance=both&orientation=both").json?["svg"] as? String)
        XCTAssertEqual(both, try SVGPreview.render(layout, screens: [PreviewAppearance.light, .dark].flatMap { a in
            [false, true].map { PreviewScreen(device: .standard, landscape: $0, appearance: a) }
        }))
        XCTAssertNotEqual(dark, try s.get("/render?appearance=light").json?["svg"] as? String)
        XCTAssertEqual(try s.get("/render?appearance=dim").status, 400)
    }

    /// The Text size toggle draws Dynamic Type text ((preferred-font 'body)) at the user's text size,
    /// as `htll preview --text-size` does; the frames follow it; fixed fonts stay.
    func testTextSizeFollowsTheChoice() throws {
        let source = """
            (define body (label `((text . "Body text") (font . ,(preferred-font 'body)))))
            (define fixed (label '((text . "Fixed") (font . (system-font-of-size 17)))))
            (in (^^ body fixed) 'self.view)

            """
        let s = try serve(["screen.htll": source])
        let layout = try Layout(contentsOfFile: s.file.path, sandbox: true)
        let info = try XCTUnwrap((s.get("/info").json?["toggles"] as? [[String: Any]])?.first { $0["name"] as? String == "text-size" })
        XCTAssertEqual(info["values"] as? [String], Layout.Canvas.textSizes)
        XCTAssertEqual(info["defaultValue"] as? String, "large")
        XCTAssertEqual(Layout.Canvas.textSizes.count, 12)
        XCTAssertEqual(Layout.Canvas.textSizes.first, "extra-small")
        XCTAssertEqual(Layout.Canvas.textSizes.last, "accessibility-extra-extra-extra-large")

        func svg(_ query: String) throws -> String { try XCTUnwrap(try s.get("/render" + query).json?["svg"] as? String, query) }
        func fontSize(_ svg: String, _ text: String) -> String? {
            guard let line = svg.components(separatedBy: "\n").first(where: { $0.contains(">\(text)</text>") }),
                  let r = line.range(of: #"font-size="[0-9.]+""#, options: .regularExpression) else { return nil }
            return String(line[r])
        }
        let standard = try svg("")
        XCTAssertEqual(standard, try svg("?text-size=large"), "large is the default")
        let screen = PreviewScreen(device: .standard, landscape: false)
        for (size, points) in [("extra-small", 14), ("large", 17), ("accessibility-extra-extra-extra-large", 53)] {
            let drawn = try svg("?text-size=" + size)
            var options = SVGPreview.Options()
            options.textSize = size
            XCTAssertEqual(drawn, try SVGPreview.render(layout, screens: [screen], options: options), "as htll preview --text-size \(size)")
            XCTAssertEqual(fontSize(drawn, "Body text"), "font-size=\"\(points)\"", size)
            XCTAssertEqual(fontSize(drawn, "Fixed"), "font-size=\"17\"", "a fixed font stays at \(size)")
        }
        // The frames: the body label is as high as its text at that size.
        func bodyHeight(_ query: String) throws -> Double {
            let text = try XCTUnwrap(try s.get("/code?output=frames" + query).json?["text"] as? String)
            let screens = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            let views = try XCTUnwrap((screens.first?["frames"] as? [String: Any])?["views"] as? [[String: Any]])
            let body = try XCTUnwrap(views.first { $0["name"] as? String == "body" })
            return try XCTUnwrap((body["frame"] as? [String: Any])?["height"] as? Double)
        }
        XCTAssertGreaterThan(try bodyHeight("&text-size=accessibility-extra-extra-extra-large"), try bodyHeight("") * 2.5)
        let bad = try s.get("/render?text-size=huge")
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.body.contains("text-size takes extra-small, small, medium, large"), bad.body)
    }

    func testEverySaveLoadsInAFreshInstance() throws {
        // The worker makes the next save's instance while idle; nothing of one version reaches the next.
        let s = try serve(["screen.htll": "(define leaked \"from version 1\")\n" + Self.hello])
        let stream = try s.events()
        var seen = ""
        // Versions 2, 4, 6 use what 1, 3, 5 defined.
        for version in stride(from: 2, through: 6, by: 2) {
            XCTAssertNotNil(stream.waitForUpdate(atLeast: version - 1, seen: &seen), seen)
            // Quiet long enough for the spare to be made (the test holds either way).
            Thread.sleep(forTimeInterval: LivePreview.spareDelay * 3)
            try s.write("(in (label `((text . ,leaked))) 'self.view)\n;; \(version)\n")
            XCTAssertEqual(stream.waitForUpdate(atLeast: version, seen: &seen)?["ok"] as? Bool, false, seen)
            let error = try XCTUnwrap(try s.get("/render").json?["error"] as? [String: Any])
            XCTAssertTrue((error["message"] as? String)?.contains("unbound variable: leaked") == true, "\(error)")
            try s.write("(define leaked \"again\")\n" + Self.hello)
            XCTAssertEqual(stream.waitForUpdate(atLeast: version + 1, seen: &seen)?["ok"] as? Bool, true, seen)
        }
    }

    func testHostileTextStaysData() throws {
        let hostile = #"</script><script>alert(1)</script><img src=x onerror=alert(2)>&amp;"'"#
        let s = try serve(["screen.htll": "(in (label '((text . \(Self.schemeString(hostile))))) 'self.view)\n"])
        let r = try s.get("/render")
        let svg = try XCTUnwrap(r.json?["svg"] as? String, r.body)
        XCTAssertFalse(svg.contains("<script"))
        XCTAssertFalse(svg.contains("<img"))
        XCTAssertTrue(svg.contains("&lt;/script&gt;&lt;script&gt;"))
        // An error message that is markup reaches the page as a JSON string.
        try s.write("(error \(Self.schemeString(hostile)))\n")
        let stream = try s.events()
        var seen = ""
        XCTAssertEqual(stream.waitForUpdate(atLeast: 2, seen: &seen)?["ok"] as? Bool, false, seen)
        let e = try s.get("/render")
        XCTAssertTrue(((e.json?["error"] as? [String: Any])?["message"] as? String)?.contains(hostile) == true, e.body)
        XCTAssertEqual(e.json?.keys.contains("svg"), false)
    }

    func testALayoutThatNeverEndsIsStoppedAndReplaced() throws {
        // Under a 20-second limit, a loop holds only the worker; the page is still served, and a
        // save interrupts the loop at once rather than after its limit.
        let s = try serve(["spin.htll": "(let loop () (loop))\n"])
        let stream = try s.events()
        Thread.sleep(forTimeInterval: 0.3)
        let page = try RawHTTPClient.get(s.port, "/")
        XCTAssertEqual(page.status, 200)
        let started = Date()
        try s.write(Self.hello)
        var seen = ""
        let update = stream.waitForUpdate(atLeast: 2, timeout: 15, seen: &seen)
        XCTAssertEqual(update?["ok"] as? Bool, true, seen)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "interrupted, not waited out")
        XCTAssertTrue((try s.get("/render").json?["svg"] as? String)?.contains(">Hello</text>") == true)
    }

    func testLimitsEndAHostileLayout() throws {
        var limits = Layout.limits(sandbox: true)
        limits.seconds = 0.5
        let s = try serve(["spin.htll": "(in (label `((text . ,(let loop ((n 0)) (loop (+ n 1)))))) 'self.view)\n"], limits: limits)
        let r = try s.get("/render")
        let message = ((r.json?["error"] as? [String: Any])?["message"] as? String) ?? r.body
        XCTAssertTrue(message.contains("limit exceeded"), message)
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/").status, 200)
    }

    func testTheLayoutIsSandboxed() throws {
        let s = try serve(["inner/screen.htll": "(include \"../outside.htll\")\n" + Self.hello,
                           "outside.htll": "(define secret \"outside the folder\")\n"])
        let r = try s.get("/render")
        let message = ((r.json?["error"] as? [String: Any])?["message"] as? String) ?? ""
        XCTAssertTrue(message.contains("not allowed in the sandbox"), r.body)
        XCTAssertFalse(r.body.contains("outside the folder"))
    }

    /// `text` as a Scheme string literal.
    static func schemeString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension Layout {
    /// The layout with right-to-left mirroring on (what `/code?direction=rtl` generates).
    func mirrored() throws -> Layout {
        try setRightToLeftMirroring(true)
        return self
    }
}
