import Foundation
import XCTest
@testable import HTLL
import Scheme

/// Distribution and spacing: hseq*/vseq* modes, fixed, padding, inset, aspect, min-size, max-size,
/// collapse-when-hidden; their frames at two canvas sizes, the code they generate and their errors.
final class SpacingTests: XCTestCase {
    func frames(_ source: String, _ width: Double, _ height: Double) throws -> [String: Layout.Frame] {
        let list = try Layout(source: source, file: "spacing-test.htll").frames(width: width, height: height)
        return Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func assertFrame(_ f: Layout.Frame?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                     _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let f else { return XCTFail("\(what): no frame", file: file, line: line) }
        for (got, want, part) in [(f.x, x, "x"), (f.y, y, "y"), (f.width, w, "width"), (f.height, h, "height")] {
            XCTAssertEqual(got, want, accuracy: 1e-6, "\(what) \(f.name).\(part)", file: file, line: line)
        }
    }

    static let modes = ["start", "center", "end", "space-between", "space-around", "space-evenly"]

    /// Where the first of three 40-point children 10 apart starts and how far apart they are, for
    /// a LENGTH-long area: the modes' definitions, written independently of the solver.
    func lead(_ mode: String, _ length: Double) -> (lead: Double, step: Double) {
        let free = length - 3 * 40 - 2 * 10, spare = max(free, 0)
        switch mode {
        case "center": return (free / 2, 50)
        case "end": return (free, 50)
        case "space-between": return (0, 50 + spare / 2)
        case "space-around": return (spare / 6, 50 + spare / 3)
        case "space-evenly": return (spare / 4, 50 + spare / 4)
        default: return (0, 50)
        }
    }

    func testHorizontalModesAtTwoSizes() throws {
        for mode in Self.modes {
            let src = "(let ((a (view '())) (b (view '())) (c (view '())))\n (in (hseq* 10 '\(mode) (fixed 40 30 a) (fixed 40 30 b) (fixed 40 30 c)) 'self.view))"
            // 100 points: the children overflow; the space-* modes then pack like start.
            for (w, h) in [(390.0, 844.0), (320.0, 480.0), (100.0, 50.0)] {
                let f = try frames(src, w, h), (l, step) = lead(mode, w)
                for (i, n) in ["a", "b", "c"].enumerated() {
                    assertFrame(f[n], l + Double(i) * step, 0, 40, 30, "\(mode) at \(w)x\(h)")
                }
            }
        }
    }

    func testVerticalModesAtTwoSizes() throws {
        for mode in Self.modes {
            let src = "(let ((a (view '())) (b (view '())) (c (view '())))\n (in (vseq* 10 '\(mode) (fixed 30 40 a) (fixed 30 40 b) (fixed 30 40 c)) 'self.view))"
            for (w, h) in [(390.0, 844.0), (844.0, 390.0)] {
                let f = try frames(src, w, h), (l, step) = lead(mode, h)
                for (i, n) in ["a", "b", "c"].enumerated() {
                    assertFrame(f[n], 0, l + Double(i) * step, 30, 40, "\(mode) at \(w)x\(h)")
                }
            }
        }
    }

    func testFillEquallyAndOwnSizes() throws {
        let src = "(let ((a (view '())) (b (view '())) (c (view '())))\n (in (hseq* 6 'fill-equally a b c) 'self.view))"
        for (w, h) in [(390.0, 844.0), (320.0, 480.0)] {
            let f = try frames(src, w, h), share = (w - 12) / 3
            for (i, n) in ["a", "b", "c"].enumerated() { assertFrame(f[n], Double(i) * (share + 6), 0, share, h, "fill-equally") }
        }
        // Children at their own width: what sizeToFit gives (measured), gap 8 between them.
        let labels = "(let ((a (label '((text . \"One\")))) (b (label '((text . \"Two more\")))))\n (in (hseq* 8 'start a b) 'self.view))"
        let sizes = Dictionary(try Layout(source: labels, file: "l.htll").intrinsicSizes().map { ($0.name, $0.width) }, uniquingKeysWith: { a, _ in a })
        let f = try frames(labels, 390, 844)
        let aw = try XCTUnwrap(sizes["a"]), bw = try XCTUnwrap(sizes["b"])
        XCTAssertGreaterThan(aw, 0)
        assertFrame(f["a"], 0, 0, aw, 844, "own width")
        assertFrame(f["b"], aw + 8, 0, bw, 844, "own width")
    }

    func testFixedPaddingInsetAspectMinMax() throws {
        for (w, h) in [(390.0, 844.0), (844.0, 390.0)] {
            func one(_ layout: String) throws -> Layout.Frame? {
                try frames("(let ((v (view '()))) (in \(layout) 'self.view))", w, h)["v"]
            }
            assertFrame(try one("(fixed 44 v)"), 0, 0, 44, 44, "fixed")
            assertFrame(try one("(fixed 30 20 v)"), 0, 0, 30, 20, "fixed w h")
            assertFrame(try one("(padding 8 v)"), 8, 8, w - 16, h - 16, "padding")
            assertFrame(try one("(inset 1 2 3 4 v)"), 2, 1, w - 6, h - 4, "inset top left bottom right")
            let aw = min(w, h * 16 / 9)
            assertFrame(try one("(aspect 16/9 v)"), 0, 0, aw, aw * 9 / 16, "aspect")
            assertFrame(try one("(aspect 16 9 v)"), 0, 0, aw, aw * 9 / 16, "aspect w h")
            assertFrame(try one("(padding 10 (aspect 1 v))"), 10, 10, min(w, h) - 20, min(w, h) - 20, "square in padding")
            assertFrame(try one("(min-size 500 #f v)"), 0, 0, max(w, 500), h, "min-size width")
            assertFrame(try one("(min-size #f 600 v)"), 0, 0, w, max(h, 600), "min-size height")
            assertFrame(try one("(max-size 100 50 v)"), 0, 0, 100, 50, "max-size")
            assertFrame(try one("(max-size 1000 #f v)"), 0, 0, w, h, "max-size larger than the area")
        }
        // On an axis that wraps (inside hseq*) the bound applies to the view's own size.
        let src = "(let ((a (label '((text . \"x\")))) (b (label '((text . \"a long long text\")))))\n (in (hseq* 0 'start (min-size 100 #f a) (max-size 20 10 b)) 'self.view))"
        let f = try frames(src, 390, 844)
        assertFrame(f["a"], 0, 0, 100, 844, "min-size of a wrapped width")
        assertFrame(f["b"], 100, 0, 20, 10, "max-size of a wrapped width")
    }

    static let collapse = """
        (let ((a (label '((text . "a") (size 40 30))))
              (b (label '((text . "b") (size 40 30) (hidden . HIDDEN))))
              (c (label '((text . "c") (size 40 30))))
              (d (label '((text . "d") (size 40 30))))
              (e (label '((text . "e") (size 40 30) (hidden . HIDDEN))))
              (f (label '((text . "f") (size 40 30)))))
          (in (above (hseq* 10 'space-between a (collapse-when-hidden b) c)
                     (vseq* 10 'start d (collapse-when-hidden e) f)
                     0.5)
              'self.view))
        """

    func testCollapsedHiddenViewTakesNoSpace() throws {
        for (w, h) in [(390.0, 844.0), (320.0, 480.0)] {
            let hidden = try frames(Self.collapse.replacingOccurrences(of: "HIDDEN", with: "#t"), w, h)
            assertFrame(hidden["a"], 0, 0, 40, 30, "hidden")
            assertFrame(hidden["c"], w - 40, 0, 40, 30, "hidden: c at the far end, one space for two views")
            assertFrame(hidden["d"], 0, h / 2, 40, 30, "hidden")
            assertFrame(hidden["f"], 0, h / 2 + 40, 40, 30, "hidden: f right after d, one gap")
            let shown = try frames(Self.collapse.replacingOccurrences(of: "HIDDEN", with: "#f"), w, h)
            assertFrame(shown["b"], (w - 40) / 2, 0, 40, 30, "shown: b in the middle")
            assertFrame(shown["c"], w - 40, 0, 40, 30, "shown")
            assertFrame(shown["e"], 0, h / 2 + 40, 40, 30, "shown")
            assertFrame(shown["f"], 0, h / 2 + 80, 40, 30, "shown: after e")
            // >>: the first view takes the rest, all of it while the second is hidden.
            let pair = "(let ((a (view '())) (b (label '((text . \"b\") (size 40 30) (hidden . HIDDEN)))))\n (in (>> a (collapse-when-hidden b) 4) 'self.view))"
            assertFrame(try frames(pair.replacingOccurrences(of: "HIDDEN", with: "#t"), w, h)["a"], 0, 0, w, h, ">> hidden")
            let both = try frames(pair.replacingOccurrences(of: "HIDDEN", with: "#f"), w, h)
            assertFrame(both["a"], 0, 0, w - 44, h, ">> shown")
            assertFrame(both["b"], w - 40, 0, 40, 30, ">> shown")
        }
    }

    func testCollapseInTheGeneratedCode() throws {
        let layout = try Layout(source: Self.collapse.replacingOccurrences(of: "HIDDEN", with: "#t"), file: "c.htll")
        let objc = try layout.objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(objc.contains("f.frame = (CGRect) {{0, 0.5 * self.view.bounds.size.height + 40 + (e.hidden ? 0 : 40)}, {40, 30}};"), objc)
        // (The count cast, so that a constant area's share is no integer division in C.)
        XCTAssertTrue(objc.contains(" / (CGFloat)(MAX(1 + (b.hidden ? 0 : 1), 1))"), objc)
        let swift = try layout.swift(viewName: "V")
        XCTAssertTrue(swift.contains("views.f.frame = CGRect(x: 0, y: 0.5 * htllSize.height + 40 + (views.e.isHidden ? 0 : 40), width: 40, height: 30)"), swift)
        XCTAssertTrue(swift.contains(" / (max(1 + (views.b.isHidden ? 0 : 1), 1))"), swift)
    }

    func testPreviewDoesNotDrawACollapsedView() throws {
        let layout = try Layout(source: Self.collapse.replacingOccurrences(of: "HIDDEN", with: "#t"), file: "c.htll")
        let screen = PreviewScreen(device: try XCTUnwrap(DevicePreset.named("iphone-se")), landscape: false)
        let svg = try SVGPreview.render(layout, screens: [screen])
        XCTAssertFalse(svg.contains("data-name=\"e\""), "hidden e is not drawn")
        XCTAssertTrue(svg.contains("data-name=\"d\""))
        // f is drawn where the solver put it: right after d, where e would have been.
        let f = try XCTUnwrap(try layout.frames(width: screen.width, height: screen.height).first { $0.name == "f" })
        let d = try XCTUnwrap(try layout.frames(width: screen.width, height: screen.height).first { $0.name == "d" })
        XCTAssertEqual(f.y, d.y + 40, accuracy: 1e-9)
        let marker = "data-name=\"f\" data-kind=\"label\" x=\"0\" y=\""
        let tail = try XCTUnwrap(svg.range(of: marker).map { svg[$0.upperBound...] })
        XCTAssertEqual(Double(tail.prefix { $0 != "\"" }) ?? .nan, f.y, accuracy: 0.01)
    }

    func testGeneratedLinesForDistribution() throws {
        let src = "(let ((a (view '())) (b (view '())))\n (in (hseq* 8 'space-between (fixed 40 30 a) b) 'self.view))"
        let layout = try Layout(source: src, file: "d.htll")
        let objc = try layout.objectiveC(.viewWillLayoutSubviews)
        // b is measured before any frame: a's position could depend on it (in 'center, 'end...).
        XCTAssertEqual(objc, """
            [b sizeToFit];
            a.frame = (CGRect) {{0, 0}, {40, 30}};
            b.frame = (CGRect) {{48 + MAX(self.view.bounds.size.width - 48 - b.bounds.size.width, 0), 0}, {b.bounds.size.width, self.view.bounds.size.height}};

            """)
        XCTAssertTrue(try layout.swift(viewName: "V").contains(
            "views.b.frame = CGRect(x: 48 + max(htllSize.width - 48 - views.b.bounds.width, 0), y: 0, width: views.b.bounds.width, height: htllSize.height)"))
    }

    /// A long sequence refers to the previous view's far edge; a short one keeps the original's sums.
    func testLongSequencesReferToTheFarEdge() throws {
        func column(_ n: Int) -> String {
            "(in (vseq " + (1...n).map { "(label '((text . \"\($0)\")))" }.joined(separator: " ") + ") 'self.view)"
        }
        let short = try Layout(source: column(6), file: "s.htll").objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(short.contains("label6.frame = (CGRect) {{0, label1.bounds.size.height + label2.bounds.size.height + label3.bounds.size.height + label4.bounds.size.height + label5.bounds.size.height}, "), short)
        XCTAssertFalse(short.contains("CGRectGetMaxY"))
        let long = try Layout(source: column(12), file: "l.htll")
        let objc = try long.objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(objc.contains("label8.frame = (CGRect) {{0, CGRectGetMaxY(label7.frame)}, {self.view.bounds.size.width, 0.0833333333 * self.view.bounds.size.height}};"), objc)
        XCTAssertTrue(objc.contains("label12.frame = (CGRect) {{0, CGRectGetMaxY(label11.frame)}, "), objc)
        XCTAssertTrue(try long.swift(viewName: "V").contains("views.label12.frame = CGRect(x: 0, y: views.label11.frame.maxY, "))
        // The concrete frames follow the same far edges.
        let f = try long.frames(width: 390, height: 840)
        XCTAssertEqual(f.count, 12)
        for (i, frame) in f.enumerated() { XCTAssertEqual(frame.y, Double(i) * 70, accuracy: 1e-9, frame.name) }
    }


    /// The Swift frame code (max, min, far edges, hidden views, shares among the shown views),
    /// compiled against a stand-in UIView and run, computes the solver's frames.
    func testGeneratedSwiftComputesTheSolversFrames() throws {
        guard let swiftc = SwiftOutputTests.swiftc() else { throw Missing.swiftc }
        let spacing = try String(contentsOf: GoldenTests.examples.appendingPathComponent("spacing.htll"), encoding: .utf8)
        let column = "(in (beside (vseq " + (1...12).map { "(label '((text . \"\($0)\")))" }.joined(separator: " ")
            + ") (h... " + (1...9).map { "(custom-button '((title-for-state . (\"b\($0)\" . normal))))" }.joined(separator: " ")
            + ") 0.5) 'self.view)"
        let spread = "(in (vseq* 3 'space-around " + (1...20).map { "(label '((text . \"s\($0)\")))" }.joined(separator: " ") + ") 'self.view)"
        let sources = [spacing, column, spread, Self.collapse.replacingOccurrences(of: "HIDDEN", with: "#t"),
                       Self.collapse.replacingOccurrences(of: "HIDDEN", with: "#f")]
        var program = """
            import Foundation
            class UIView {
                var bounds = CGRect.zero
                var fit = CGSize.zero
                var isHidden = false
                var frame = CGRect.zero { didSet { bounds = CGRect(origin: .zero, size: frame.size) } }
                func sizeToFit() { frame = CGRect(origin: frame.origin, size: fit) }
            }
            func report(_ tag: String, _ v: UIView) {
                print(tag, Double(v.frame.origin.x), Double(v.frame.origin.y), Double(v.frame.size.width), Double(v.frame.size.height))
            }

            """
        var main = ""
        var expected: [String: [Double]] = [:]
        for (i, source) in sources.enumerated() {
            let layout = try Layout(source: source, file: "s\(i).htll")
            let lines = try layout.swift(viewName: "V\(i)").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let holder = try XCTUnwrap(lines.firstIndex(of: "final class V\(i)Views {"))
            let holderEnd = try XCTUnwrap(lines[holder...].firstIndex(of: "}"))
            let function = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("    private func layOutViews(") })
            let functionEnd = try XCTUnwrap(lines[function...].firstIndex(of: "    }"))
            let names = lines[(holder + 1)..<holderEnd].filter { $0.hasPrefix("    let ") }  // not an alias's computed var
            .map { String($0.dropFirst(8).prefix { $0 != " " }) }
            program += "final class V\(i)Views {\n" + names.map { "    let \($0) = UIView()\n" }.joined() + "}\n"
            program += "final class V\(i) {\n    let views = V\(i)Views()\n"
            program += lines[function...functionEnd].joined(separator: "\n").replacingOccurrences(of: "private func", with: "func") + "\n}\n"
            main += "do {\n    let v = V\(i)()\n"
            for s in try layout.intrinsicSizes() {
                main += "    v.views.\(s.name).fit = CGSize(width: \(s.width), height: \(s.height))\n"
            }
            for n in try CompiledFrameTests.hiddenViews(layout) { main += "    v.views.\(n).isHidden = true\n" }
            main += "    _ = v.layOutViews(in: CGSize(width: 390, height: 844))\n"
            for f in try layout.frames(width: 390, height: 844) {
                main += "    report(\"\(i).\(f.name)\", v.views.\(f.name))\n"
                expected["\(i).\(f.name)"] = [f.x, f.y, f.width, f.height]
            }
            main += "}\n"
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-spacing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("main.swift"), exe = dir.appendingPathComponent("frames")
        try (program + main).write(to: source, atomically: true, encoding: .utf8)
        let compiled = try Tool.run(swiftc, ["-o", exe.path, source.path])
        guard compiled.0 == 0 else { return XCTFail("the frame code does not compile:\n\(compiled.1)\n\(program + main)") }
        let (status, output) = try Tool.run(exe.path, [])
        XCTAssertEqual(status, 0, output)
        var seen = 0
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 5, let want = expected[String(parts[0])] else { XCTFail("unexpected line \(line)"); continue }
            for (g, w) in zip(parts.dropFirst().compactMap { Double($0) }, want) { XCTAssertEqual(g, w, accuracy: 1e-6, "\(parts[0])") }
            seen += 1
        }
        XCTAssertEqual(seen, expected.count)
        XCTAssertGreaterThan(seen, 40)
    }

    /// 2,000 views spread with space-between: short lines (the free length's share is measured
    /// between the first two views at run time), so the output stays linear (timings: bench/README.md).
    func testThousandsOfDistributedViews() throws {
        let n = 2000
        let source = "(in (vseq* 0 'space-between " + (1...n).map { "(label '((text . \"\($0)\")))" }.joined(separator: " ") + ") 'self.view)"
        let layout = try Layout(source: source, file: "many.htll")
        let code = try layout.objectiveC(.viewWillLayoutSubviews)
        let lines = code.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains(".frame = ") }.count, n)
        XCTAssertLessThan(lines.dropFirst(n + 2).map(\.count).max() ?? 0, 300, "every frame after the first two is short")
        // Frames: the free height shared out evenly between the 2,000 labels.
        let f = try layout.frames(width: 390, height: 100_000)
        let total = f.map(\.height).reduce(0, +), space = (100_000 - total) / Double(n - 1)
        var y = 0.0
        for frame in f {
            XCTAssertEqual(frame.y, y, accuracy: 1e-6, frame.name)
            y += frame.height + space
        }
    }

    func message(_ body: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try Layout(source: "(in\n  \(body)\n  'self.view)", file: "bad.htll").objectiveC(.viewWillLayoutSubviews)
            XCTFail("no error for \(body)", file: file, line: line)
        } catch { return "\(error)" }
        return ""
    }

    func testErrorsCarryTheirLocation() {
        let cases: [(String, String)] = [
            ("(hseq* 8 'space-betwen (label '()))", "bad.htll:2:3: error: hseq*: unknown mode space-betwen; did you mean space-between? (modes: start, center, end, space-between, space-around, space-evenly, fill-equally)"),
            ("(vseq* 8 \"start\" (label '()))", "bad.htll:2:3: error: vseq*: unknown mode \"start\"; write it as a symbol: 'start"),
            ("(hseq* -1 'start (label '()))", "bad.htll:2:3: error: hseq*: the gap must be a number from 0 to 100000, got -1"),
            ("(vseq* 8 'start)", "bad.htll:2:3: error: vseq*: expected at least one view after the mode"),
            ("(hseq* 8)", "bad.htll:2:3: error: hseq*: expected a gap, a mode and at least one view, as in (hseq* 8 'space-between a b)"),
            ("(hseq* 8 (label '()) (label '()))", "bad.htll:2:3: error: hseq*: expected a mode after the gap, as in (hseq* 8 'space-between a b)"),
            ("(vseq* 'start 8 (label '()))", "bad.htll:2:3: error: vseq*: the gap comes before the mode, as in (vseq* 8 'space-between a b)"),
            ("(hseq* 8 'start 5)", "bad.htll:2:3: error: hseq*: expected a view or a layout, got 5"),
            ("(fixed 44)", "bad.htll:2:3: error: fixed: expected (fixed SIZE view) or (fixed WIDTH HEIGHT view), got 1 argument"),
            ("(fixed -4 (label '()))", "bad.htll:2:3: error: fixed: the size must be a number from 0 to 100000, got -4"),
            ("(fixed 4 +inf.0 (label '()))", "bad.htll:2:3: error: fixed: the height must be a number from 0 to 100000, got +inf.0"),
            ("(padding 8)", "bad.htll:2:3: error: padding: expected (padding N view), got 1 argument"),
            ("(padding 'a (label '()))", "bad.htll:2:3: error: padding: the padding must be a number from 0 to 100000, got a"),
            ("(inset 1 2 3 (label '()))", "bad.htll:2:3: error: inset: expected (inset TOP LEFT BOTTOM RIGHT view), got 4 arguments"),
            ("(inset 1 2 -3 4 (label '()))", "bad.htll:2:3: error: inset: the bottom inset must be a number from 0 to 100000, got -3"),
            ("(aspect 0 (label '()))", "bad.htll:2:3: error: aspect: the ratio must be a positive number up to 100000, got 0"),
            ("(aspect 16 0 (label '()))", "bad.htll:2:3: error: aspect: the height must be a positive number up to 100000, got 0"),
            ("(padding 1e308 (label '()))", "bad.htll:2:3: error: padding: the padding must be a number from 0 to 100000, got 1.0e+308"),
            ("(aspect 1e-320 (label '()))", "bad.htll:2:3: error: aspect: the width/height ratio must be from 0.0001 to 10000, got "),
            ("(inset 0 0 0 +nan.0 (label '()))", "bad.htll:2:3: error: inset: the right inset must be a number from 0 to 100000, got +nan.0"),
            ("(min-size #f #f (label '()))", "bad.htll:2:3: error: min-size: expected a bound on at least one axis, got #f #f"),
            ("(max-size 10 'x (label '()))", "bad.htll:2:3: error: max-size: the height must be a number from 0 to 100000, got x"),
            ("(min-size 1 (label '()))", "bad.htll:2:3: error: min-size: expected (min-size WIDTH HEIGHT view), got 2 arguments"),
            ("(collapse-when-hidden (hseq (label '())))", "bad.htll:2:3: error: collapse-when-hidden: expected a view, got a layout (hidden is a property of one view)"),
            ("(collapse-when-hidden)", "bad.htll:2:3: error: collapse-when-hidden: expected (collapse-when-hidden view), got 0 arguments"),
        ]
        for (body, expected) in cases {
            let m = message(body)
            XCTAssertTrue(m.contains(expected), "\(body)\n got: \(m)\nwant: \(expected)")
        }
    }

    /// The primitives are registered: described in the REPL and located in errors.
    func testPrimitivesAreRegistered() throws {
        let layout = try Layout(source: "(in (label '()) 'self.view)", file: "x.htll")
        for name in ["hseq*", "vseq*", "fixed", "padding", "inset", "aspect", "min-size", "max-size", "collapse-when-hidden"] {
            let v = try layout.scheme.evaluateInPrelude("(and (string? (htll-describe '\(name))) (memq '\(name) htll:located-names) #t)")
            guard case .bool(true) = v else { return XCTFail("\(name) is not registered") }
        }
    }
}
