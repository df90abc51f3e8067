import XCTest
@testable import HTLL

/// `htll compile FILE --swift`: golden output for every example (`examples/NAME/layout.swift`),
/// `swiftc -parse` on every generated file, and the command's argument errors.
/// Run with HTLL_UPDATE_GOLDEN=1 to rewrite the expected files after a deliberate change.
final class SwiftOutputTests: XCTestCase {
    static func layout(_ url: URL) throws -> Layout {
        let name = url.deletingPathExtension().lastPathComponent
        return try Layout(source: try String(contentsOf: url, encoding: .utf8), file: "examples/\(name).htll")
    }

    func testExamplesMatchGoldenSwift() throws {
        let update = ProcessInfo.processInfo.environment["HTLL_UPDATE_GOLDEN"] == "1"
        let files = try GoldenTests.layoutFiles()
        XCTAssertGreaterThanOrEqual(files.count, 12)
        for url in files {
            let produced = try Self.layout(url).swift()
            let golden = url.deletingPathExtension().appendingPathComponent("layout.swift")
            if update {
                try produced.write(to: golden, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try? String(contentsOf: golden, encoding: .utf8)
            XCTAssertEqual(produced, expected, "\(golden.path) differs from the generated Swift")
        }
    }

    /// The Swift compiler, or nil when this machine has none.
    static func swiftc() -> String? {
        var candidates = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(dir) + "/swiftc")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `swiftc -parse` on `text`; returns the diagnostics, empty when it parsed cleanly.
    static func parseDiagnostics(_ text: String, swiftc: String, name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-swift-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(name + ".swift")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let (status, text) = try Tool.run(swiftc, ["-parse", file.path])
        return status == 0 && text.isEmpty ? "" : "status \(status): \(text)"
    }

    func testGeneratedSwiftParses() throws {
        guard let swiftc = Self.swiftc() else { throw Missing.swiftc }
        // The check can fail: a syntax error is reported.
        XCTAssertNotEqual(try Self.parseDiagnostics("let x = CGRect(x: 0,, y: 1)\n", swiftc: swiftc, name: "broken"), "")
        for url in try GoldenTests.layoutFiles() {
            let name = url.deletingPathExtension().lastPathComponent
            let layout = try Self.layout(url)
            for (variant, text) in [("controller", try layout.swift()), ("view", try layout.swift(viewName: "LayoutView"))] {
                let problems = try Self.parseDiagnostics(text, swiftc: swiftc, name: "\(name)-\(variant)")
                XCTAssertEqual(problems, "", "\(name) (\(variant)) does not parse:\n\(text)")
            }
        }
    }

    /// Every attribute kind the tables know, so each Swift spelling is parsed at least once.
    static let everything = """
    (let* ((accessory (view '((background-color . clear-color))))
           (guard (label `((text . "quote \\" back\\\\slash\\nline")
                           (font . ,(font "Menlo" 12))
                           (text-color . ,(hsba-color 0.5 0.5 0.5 1))
                           (text-alignment . right)
                           (line-break-mode . middle-truncation)
                           (hidden . #f)
                           (enabled . #t)
                           (autoresizing-mask . (flexible-width flexible-height))
                           (content-mode . scale-aspect-fit)
                           (baseline-adjustment . align-centers)
                           (minimum-font-size . ,(small-system-font-size))
                           (number-of-lines . 0)
                           (shadow-offset . ,(size 1 -1)))))
           (field (text-field `((placeholder . ,(localized "name.key" "Name"))
                                (font . ,(italic-system-font-of-size 14))
                                (border-style . bezel)
                                (left-view . ,accessory)
                                (left-view-mode . always))))
           (info (info-light-button `((title-for-state . ("i" . normal))
                                      (title-color-for-state . (,(rgba-color 0 0 1 0.5) . highlighted))
                                      (image-for-state . (,(image-named "i.png") . selected))
                                      (target . (self info:with: (touch-down touch-up-inside))))))
           (disclosure (detail-disclosure-button '((target . (self more touch-cancel)))))
           (add (contact-add-button '((target . (self add: all-events)))))
           (dark (info-dark-button '()))
           (segments (segmented-control `((items . ("One" ,(image-named "two.png")))
                                          (momentary . #t)
                                          (width-for-segment-at-index . (40 . 0))
                                          (content-position-adjustment-for-segment-type-bar-metrics
                                           . (,(offset 1 2) left landscape-phone))
                                          (title-text-attributes-for-state
                                           . (((font . ,(bold-system-font-of-size 12))
                                               (text-shadow-offset . ,(offset 1 1))) . normal)))))
           (slide (slider `((value . 0.5) (thumb-tint-color . orange-color)
                            (maximum-value-image . ,(image-named "max.png")))))
           (pictures (image `((animation-images . (,(image-named "a.png") ,(image-named "b.png")))
                              (animation-duration . 1.5))))
           (notes (text-view `((editable . #f) (data-detector-types . (link phone-number))
                               (selected-range . ,(range 0 3)) (content-offset . ,(point 0 4)))))
           (rows (table '((row-height . 44) (separator-style . single-line-etched)
                          (data-source . self) (delegate . self) (deceleration-rate . 0.99)
                          (indicator-style . default) (scroll-enabled . #t)))))
      (in (vseq (<< (^^ guard field 4) (hseq info disclosure add dark)) (<< segments slide 8)
                (>> pictures notes) (vv rows (center (view '()) 0.1 0.1)))
          'self.view))
    """

    func testEveryAttributeKindParses() throws {
        let layout = try Layout(source: Self.everything, file: "everything.htll")
        let controller = try layout.swift(className: "KitchenSinkController")
        // Spot checks of the modern names.
        for expected in [
            "let `guard` = UILabel()", "UIButton(type: .infoLight)", "UIButton(type: .detailDisclosure)",
            "UIButton(type: .contactAdd)", "UIButton(type: .infoDark)",
            "views.`guard`.text = \"quote \\\" back\\\\slash\\nline\"",
            "UIFont(name: \"Menlo\", size: 12) ?? UIFont.systemFont(ofSize: 12)",
            "UIColor(hue: 0.5, saturation: 0.5, brightness: 0.5, alpha: 1)",
            "NSTextAlignment.right", "NSLineBreakMode.byTruncatingMiddle", "views.`guard`.isHidden = false",
            "[UIView.AutoresizingMask.flexibleWidth, UIView.AutoresizingMask.flexibleHeight]",
            "UIFont.smallSystemFontSize", "NSLocalizedString(\"name.key\", comment: \"Name\")",
            "views.field.leftView = views.accessory",
            "views.info.setTitleColor(UIColor(red: 0, green: 0, blue: 1, alpha: 0.5), for: UIControl.State.highlighted)",
            "views.info.addTarget(self, action: #selector(info(_:with:)), for: [UIControl.Event.touchDown, UIControl.Event.touchUpInside])",
            "action: #selector(more)", "action: #selector(add(_:)), for: UIControl.Event.allEvents",
            "UISegmentedControl(items: [\"One\", UIImage(named: \"two.png\") ?? UIImage()])",
            "views.segments.setWidth(40, forSegmentAt: 0)",
            "setContentPositionAdjustment(UIOffset(horizontal: 1, vertical: 2), forSegmentType: UISegmentedControl.Segment.left, barMetrics: UIBarMetrics.compact)",
            "NSAttributedString.Key.font: UIFont.boldSystemFont(ofSize: 12)", "NSAttributedString.Key.shadow:",
            "views.slide.thumbTintColor = UIColor.orange", "[UIImage(named: \"a.png\"), UIImage(named: \"b.png\")].compactMap { $0 }",
            "views.notes.isEditable = false", "[UIDataDetectorTypes.link, UIDataDetectorTypes.phoneNumber]",
            "NSRange(location: 0, length: 3)", "views.rows.dataSource = self",
            "UIScrollView.DecelerationRate(rawValue: 0.99)", "UIScrollView.IndicatorStyle.default",
            "extension KitchenSinkController {", "max(",
        ] {
            XCTAssertTrue(controller.contains(expected), "missing \(expected)")
        }
        guard let swiftc = Self.swiftc() else { throw Missing.swiftc }
        XCTAssertEqual(try Self.parseDiagnostics(controller, swiftc: swiftc, name: "everything"), "", controller)
        let view = try layout.swift(viewName: "KitchenSink")
        XCTAssertEqual(try Self.parseDiagnostics(view, swiftc: swiftc, name: "everything-view"), "", view)
    }

    /// The generated frame code, compiled and run against a stand-in UIView (Foundation's CGRect and
    /// CGFloat, sizeToFit giving the measured sizes), gives the frames the solver computes: the Swift
    /// arithmetic type-checks and means the same as the symbolic program.
    func testGeneratedFramesComputeTheSolversFrames() throws {
        guard let swiftc = Self.swiftc() else { throw Missing.swiftc }
        var program = """
        import Foundation
        class UIView {
            var bounds = CGRect.zero
            var fit = CGSize.zero
            var frame = CGRect.zero { didSet { bounds = CGRect(origin: .zero, size: frame.size) } }
            func sizeToFit() { frame = CGRect(origin: frame.origin, size: fit) }
            // What layouts with traits, in-safe-area and right-to-left read (examples/traits.htll, ...):
            // an iPhone in portrait without insets, left to right, like layout.frames(width: 390, height: 844).
            var isHidden = false
            var safeAreaInsets = UIEdgeInsets()
            var traitCollection = UITraitCollection()
            var effectiveUserInterfaceLayoutDirection = UIUserInterfaceLayoutDirection.leftToRight
            // What 'baseline rows read: a label's font (UIFont!), a text field's (UIFont?), a button's title label's.
            var font: UIFont! = UIFont()
            var titleLabel: UIView? { self }
        }
        final class UIFont { var ascender: CGFloat = 0, lineHeight: CGFloat = 0 }
        struct UIEdgeInsets { var top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0 }
        enum UIUserInterfaceSizeClass { case unspecified, compact, regular }
        enum UIUserInterfaceIdiom { case unspecified, phone, pad }
        enum UIUserInterfaceLayoutDirection { case leftToRight, rightToLeft }
        struct UITraitCollection {
            var horizontalSizeClass = UIUserInterfaceSizeClass.compact, verticalSizeClass = UIUserInterfaceSizeClass.regular
            var userInterfaceIdiom = UIUserInterfaceIdiom.phone
        }
        func report(_ tag: String, _ v: UIView) {
            print(tag, Double(v.frame.origin.x), Double(v.frame.origin.y), Double(v.frame.size.width), Double(v.frame.size.height))
        }

        """
        var main = ""
        var expected: [String: [Double]] = [:]
        for (i, url) in try GoldenTests.layoutFiles().enumerated() {
            let layout = try Self.layout(url)
            let lines = try layout.swift(viewName: "V\(i)").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let holder = lines.firstIndex(of: "final class V\(i)Views {"),
                  let holderEnd = lines[holder...].firstIndex(of: "}"),
                  let function = lines.firstIndex(where: { $0.hasPrefix("    private func layOutViews(") }),
                  let functionEnd = lines[function...].firstIndex(of: "    }") else {
                XCTFail("\(url.lastPathComponent): unexpected shape"); continue
            }
            // The stored views (an alias is a computed `var` naming one of them).
            let names = lines[(holder + 1)..<holderEnd].filter { $0.hasPrefix("    let ") }
                .map { String($0.dropFirst(8).prefix { $0 != " " }) }
            program += "final class V\(i)Views {\n" + names.map { "    let \($0) = UIView()\n" }.joined() + "}\n"
            program += "final class V\(i): UIView {\n    let views = V\(i)Views()\n"
            program += lines[function...functionEnd].joined(separator: "\n").replacingOccurrences(of: "private func", with: "func") + "\n}\n"
            main += "do {\n    let v = V\(i)()\n"
            for s in try layout.intrinsicSizes() {
                main += "    v.views.\(s.name).fit = CGSize(width: \(s.width), height: \(s.height))\n"
                if let a = s.ascender { main += "    v.views.\(s.name).font.ascender = \(a)\n" }
                if let l = s.lineHeight { main += "    v.views.\(s.name).font.lineHeight = \(l)\n" }
            }
            main += "    _ = v.layOutViews(in: CGSize(width: 390, height: 844))\n"
            for f in try layout.frames(width: 390, height: 844) {
                main += "    report(\"\(i).\(f.name)\", v.views.\(f.name))\n"
                expected["\(i).\(f.name)"] = [f.x, f.y, f.width, f.height]
            }
            main += "}\n"
        }
        XCTAssertGreaterThan(expected.count, 20)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-frames-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("main.swift"), exe = dir.appendingPathComponent("frames")
        try (program + main).write(to: source, atomically: true, encoding: .utf8)
        let (status, diagnostics) = try Tool.run(swiftc, ["-o", exe.path, source.path])
        guard status == 0 else { return XCTFail("the frame code does not compile:\n\(diagnostics)\n\(program + main)") }
        let (runStatus, output) = try Tool.run(exe.path, [])
        XCTAssertEqual(runStatus, 0, output)
        var seen = 0
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 5, let want = expected[String(parts[0])] else { XCTFail("unexpected line \(line)"); continue }
            let got = parts.dropFirst().compactMap { Double($0) }
            XCTAssertEqual(got.count, 4)
            for (g, w) in zip(got, want) { XCTAssertEqual(g, w, accuracy: 1e-6, "\(parts[0])") }
            seen += 1
        }
        XCTAssertEqual(seen, expected.count)
    }

    func testViewSubclassShape() throws {
        let url = GoldenTests.examples.appendingPathComponent("gearcalc.htll")
        let text = try Self.layout(url).swift(viewName: "GearView")
        XCTAssertTrue(text.contains("class GearView: UIView {"))
        XCTAssertTrue(text.contains("final class GearViewViews {"))
        XCTAssertTrue(text.contains("override func layoutSubviews() {"))
        XCTAssertTrue(text.contains("override func sizeThatFits(_ size: CGSize) -> CGSize {"))
        // The parent is the view itself: its size comes from the parameter.
        XCTAssertTrue(text.contains("views.titleLabel.frame = CGRect(x: 0, y: 0, width: htllSize.width, height: 0.15 * htllSize.height)"), text)
        XCTAssertTrue(text.contains("self.addSubview(views.gears)"))
        XCTAssertTrue(text.contains("views.gears.addTarget(self, action: #selector(segmentedValueChanged(_:)), for: UIControl.Event.valueChanged)"))
        XCTAssertFalse(text.contains("self.view"))
    }

    func testCommand() throws {
        let hello = GoldenTests.examples.appendingPathComponent("hello.htll").path
        let r = HTLLCommand.swift([hello, "--swift"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        // The header names the file as given on the command line.
        XCTAssertEqual(r.output.replacingOccurrences(of: hello, with: "examples/hello.htll"),
                       try String(contentsOf: GoldenTests.examples.appendingPathComponent("hello/layout.swift"), encoding: .utf8))
        let view = HTLLCommand.swift(["--swift", hello, "--view", "HelloView"])
        XCTAssertEqual(view.status, 0, view.errorOutput)
        XCTAssertTrue(view.output.contains("class HelloView: UIView {"))
        XCTAssertTrue(HTLLCommand.swift([hello, "--swift", "--class", "HelloController"]).output.contains("extension HelloController {"))

        for bad in [[hello, "--swift", "--frobnicate"], [hello, "--swift", "--view"], [hello, "--swift", "--view", "--class", "X"],
                    [hello, "--swift", "--view", "9Lives"], [hello, "--swift", "--view", "class"], [hello, "--swift", "--class", "a-b"], [hello],
                    ["--swift"], [hello, "other.htll", "--swift"]] {
            let r = HTLLCommand.swift(bad)
            XCTAssertEqual(r.status, 2, "\(bad)")
            XCTAssertEqual(r.output, "")
            XCTAssertTrue(r.errorOutput.contains("htll compile FILE.htll --swift [--view NAME | --class NAME]"), r.errorOutput)
        }
        XCTAssertTrue(HTLLCommand.swift([hello, "--swift", "--view"]).errorOutput.hasPrefix("htll compile: --view needs a name"))
        let missing = HTLLCommand.swift(["/nonexistent.htll", "--swift"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.errorOutput, "/nonexistent.htll: error: cannot read the file\n")
    }

    func testLayoutErrorsAreReported() throws {
        XCTAssertThrowsError(try Layout(source: "(define x 1)", file: "x.htll").swift()) // no layout at all
        let layout = try Layout(source: "(in (label '()) 'self.view)", file: "l.htll")
        XCTAssertThrowsError(try layout.swift(viewName: "not a name")) { error in
            XCTAssertTrue("\(error)".contains("not a Swift type name"), "\(error)")
        }
    }
}
