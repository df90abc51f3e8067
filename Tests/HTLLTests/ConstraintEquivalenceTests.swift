import Foundation
import HTLL
import XCTest

/// Issue 18's proof of equivalence: for every example and every canvas the frame tests use, the
/// constraints `htll frames --constraints` prints, solved by a real Cassowary solver (kiwisolver,
/// through `Tests/constraints/kiwi_check.py`), give the frames `htll frames` prints; no required
/// constraint conflicts and every view's and guide's frame is determined.
final class ConstraintEquivalenceTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let checker = repository.appendingPathComponent("Tests/constraints/kiwi_check.py").path

    /// The canvases of the frame, preview, safe-area, trait and RTL tests.
    static let canvases: [(String, Layout.Canvas)] = {
        func device(_ name: String, landscape: Bool = false, rtl: Bool = false) -> (String, Layout.Canvas) {
            let d = DevicePreset.named(name)!
            return ("\(name)\(landscape ? "-landscape" : "")\(rtl ? "-rtl" : "")",
                    Layout.Canvas(screen: PreviewScreen(device: d, landscape: landscape), rightToLeft: rtl))
        }
        func size(_ w: Double, _ h: Double, rtl: Bool = false, insets: DevicePreset.Insets = .zero) -> (String, Layout.Canvas) {
            ("\(Int(w))x\(Int(h))\(rtl ? "-rtl" : "")\(insets == .zero ? "" : "-insets")",
             Layout.Canvas(width: w, height: h, safeArea: insets, rightToLeft: rtl))
        }
        return [size(390, 844), device("iphone-15"), device("iphone-15", landscape: true), device("iphone-se"),
                device("ipad"), device("ipad", landscape: true), size(400, 300), size(320, 60),
                size(440, 100), size(844, 390), size(700, 900), size(500, 900), size(1000, 500), size(400, 800),
                size(300, 500), device("iphone-15", rtl: true), device("iphone-15", landscape: true, rtl: true),
                size(390, 844, rtl: true, insets: DevicePreset.Insets(47, 10, 34, 30))]
    }()

    /// A Python 3 with kiwisolver, or a skip saying what to install.
    static func python() throws -> String {
        var candidates = ["/usr/bin/python3", "/usr/local/bin/python3"]
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") { candidates.append("\(dir)/python3") }
        for p in candidates where FileManager.default.isExecutableFile(atPath: p) {
            if let (status, _) = try? Tool.run(p, ["-c", "import kiwisolver"]), status == 0 { return p }
        }
        throw XCTSkip("skipped: solving the constraints needs Python 3 with kiwisolver (Debian: python3-kiwisolver; pip install kiwisolver)")
    }

    /// The canvas htll frames lays a cell out in to compare with its constraints: a self-sizing
    /// cell (in-cell) is as high as the constraints make its content view (kiwi_check
    /// --content-height, the table view's automatic dimension), on a canvas of the same width and
    /// device family; any other layout keeps CANVAS.
    static func framesCanvas(_ layout: Layout, _ canvas: Layout.Canvas, constraints: String, python: String) throws -> Layout.Canvas {
        guard layout.isCellLayout else { return canvas }
        XCTAssertTrue(try String(contentsOfFile: constraints, encoding: .utf8).contains("\"selfSizing\": true"))
        let (status, output) = try Tool.run(python, [checker, "--content-height", constraints])
        XCTAssertEqual(status, 0, output)
        let height = try XCTUnwrap(Double(output.trimmingCharacters(in: .whitespacesAndNewlines)), output)
        XCTAssertGreaterThan(height, 0)
        let idiom: Layout.Canvas.Idiom = canvas.idiom ?? (min(canvas.width, canvas.height) >= 600 ? .pad : .phone)
        return Layout.Canvas(width: canvas.width, height: height, safeArea: .zero, idiom: idiom,
                             rightToLeft: canvas.rightToLeft, textSize: canvas.textSize)
    }

    func testExamplesSolveToTheirFrames() throws {
        let python = try Self.python()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("htll-constraints-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var pairs: [String] = [], refused: [String] = [], examples = 0
        for url in try GoldenTests.layoutFiles() {
            let name = url.deletingPathExtension().lastPathComponent
            let layout = try Layout(contentsOfFile: url.path)
            examples += 1
            for (canvasName, canvas) in Self.canvases {
                let constraints: String
                do {
                    constraints = try layout.constraintsJSON(canvas: canvas)
                } catch {
                    // A refusal says where and why; it is the same on every canvas.
                    XCTAssertTrue("\(error)".contains("cannot be stated as Auto Layout constraints"), "\(name): \(error)")
                    XCTAssertTrue("\(error)".contains("\(name).htll:"), "\(name): the refusal is located: \(error)")
                    refused.append(name)
                    break
                }
                let c = work.appendingPathComponent("\(name)-\(canvasName).constraints.json")
                let f = work.appendingPathComponent("\(name)-\(canvasName).frames.json")
                try constraints.write(to: c, atomically: true, encoding: .utf8)
                let framesCanvas = try Self.framesCanvas(layout, canvas, constraints: c.path, python: python)
                try layout.framesJSON(canvas: framesCanvas).write(to: f, atomically: true, encoding: .utf8)
                pairs += [c.path, f.path]
            }
        }
        // What these constraints do not state yet (primitives defined with define-primitive: grid,
        // overlay, flow, a user's own): refused, located.
        XCTAssertEqual(refused, ["primitives"])
        XCTAssertGreaterThan(pairs.count / 2, (examples - refused.count) * Self.canvases.count - 1)
        let (status, output) = try Tool.run(python, [Self.checker] + pairs)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("\(pairs.count / 2) canvases") && output.contains(" 0 failures"), output)
    }

    /// Every primitive and mode, nested in the ways the solver treats differently (wrapped and
    /// given lengths, fixed sizes, measured layouts), on the canvases above.
    /// Views that collapse while hidden in every sequence that reads them (shares, gaps, the
    /// space-* modes, a first child collapsing in ^^ and <<, a second one in vv), with the hidden
    /// attributes FLAGS (one per collapsing view, 1 hidden), four at most per root as the code states.
    static func collapse(_ flags: [Bool]) -> String {
        func l(_ t: String, _ i: Int) -> String { "(collapse-when-hidden (label '((text . \"\(t)\") (hidden . \(flags[i] ? "#t" : "#f")))))" }
        return """
            (define (l t) (label `((text . ,t))))
            (in (above (vseq* 4 'start
                              (hseq \(l("a", 0)) (view) \(l("b", 1)))
                              (hseq* 8 'space-between (l "c") \(l("d", 2)) \(l("e", 3)))
                              (hseq* 6 'space-evenly \(l("f", 0)) (l "g") (l "h"))
                              (hseq* 6 'fill-equally (l "i") \(l("j", 1)) (view))
                              (hseq* 4 'end (l "k") \(l("m", 2)))
                              (hseq* 4 'center \(l("n", 3)) (l "o"))
                              (hseq* 4 'space-around (l "p") \(l("q", 0)) (l "r")))
                       (hseq (^^ \(l("s", 1)) (view) 5) (vv (view) \(l("t", 2)) 5) (h... \(l("u", 3)) (l "v") (view))
                             (vseq* 3 'space-between \(l("w", 0)) \(l("x", 1))))
                       0.6)
                'self.view)
            """
    }

    /// Three views that collapse, hidden where FLAGS says: a layout small enough for the code to
    /// state a set for each combination.
    static func collapseCode(_ flags: [Bool]) -> String {
        let h = flags.map { $0 ? "#t" : "#f" }
        return """
            (define a (label '((text . "a") (hidden . \(h[0])))))
            (define b (label '((text . "b") (hidden . \(h[1])))))
            (define c (label '((text . "c") (hidden . \(h[2])))))
            (in (vseq* 4 'space-between (collapse-when-hidden a) (label '((text . "always")))
                       (^^ (collapse-when-hidden b) (hseq (view) (collapse-when-hidden c)) 6))
                'self.view)
            """
    }

    /// The collapse layout hidden and shown (every view of a flag hidden, or shown).
    static let collapseCorpus: [String: String] = [
        "collapse-shown": collapse([false, false, false, false]),
        "collapse-hidden": collapse([true, true, true, true]),
        "collapse-mixed": collapse([true, false, true, false]),
        "collapse-mixed2": collapse([false, true, false, true]),
        // Found by random layouts solved both ways (kiwi against htll frames), wrong before: a
        // hidden first child of beside and above collapses, the second in its place at its own
        // share (its constraint followed the first's trailing edge).
        // A collapsing view in an aligned column measured first counts, hidden or shown, as the
        // frame solver's maximum counts it (the column was as wide as its other views).
        "collapsed-in-aligned-column": """
            (in (vseq 'center (^^ (collapse-when-hidden (label '((text . "a collapsing label") (hidden . #t))))
                                  (view '((size 25 47))) 0 'end)
                              (^^ (collapse-when-hidden (label '((text . "another collapsing label"))))
                                  (view '((size 25 47))) 0 'end))
                'self.view)
            """,
        // Collapsing views aligned across their sequences as their siblings are (they filled
        // them before), one on a baseline.
        "collapsing-aligned": """
            (in (vseq (vseq 'center (collapse-when-hidden (label '((text . "centred") (hidden . #t)))) (label '((text . "x"))))
                      (hseq 'baseline (collapse-when-hidden (label '((text . "on the line"))))
                                      (label '((text . "big") (font . (system-font-of-size 30)))))
                      (v... 'end (label '((text . "z"))) (collapse-when-hidden (label '((text . "wider than z") (hidden . #t))))))
                'self.view)
            """,
        // A hidden first child of vv and >>: the second, a view or a layout at its own length,
        // in its place (the constraints kept it at the end).
        "collapsed-before-its-own-length": """
            (in (above (vv (collapse-when-hidden (label '((text . "a collapsing label") (hidden . #t)))) (label '((text . "under"))) 4)
                       (beside (>> (collapse-when-hidden (label '((text . "another") (hidden . #t)))) (label '((text . "right"))) 4 'center)
                               (vv (collapse-when-hidden (label '((text . "a third") (hidden . #t))))
                                   (center (view '((size 18 20))) 0.2 0) 4 'end)
                               0.5)
                       0.5)
                'self.view)
            """,
        "collapsed-ratio-split": """
            (in (above (beside (collapse-when-hidden (label '((text . "c") (hidden . #t)))) (label '((text . "x"))) 0.5)
                       (above (collapse-when-hidden (label '((text . "d") (hidden . #t)))) (label '((text . "y"))) 0.4)
                       0.5)
                'self.view)
            """,
    ]

    static let corpus: [String: String] = [
        // Found by random layouts solved both ways (kiwi against htll frames), each wrong before:
        // a row of one aligned child in a column whose width wraps takes its own width, as a
        // filled child does (the constraints made the column's guide for it, which nothing
        // widened: its views had no width, the column was centred at 0 points wide);
        // a text view through alignments in a 'baseline row has its baseline (the frames took
        // its bottom; a row of one aligned on 'baseline in such a row stopped the constraints
        // with an internal error); a max-size inside an aspect's box (the clamp's preference for
        // the box's width pulled the box down to the bound); a clamped label in a column whose
        // width is measured (the label's compression tied with the column's guide, ambiguous);
        "baseline-through-alignments": """
            (in (vseq* 0 'start (hseq 'baseline (h... 'start (label '((text . "title"))))
                                                (h... 'baseline (rounded-rect-button '((title-for-state . ("Go" . normal)))))
                                                (label '((text . "big") (font . (system-font-of-size 30))))))
                'self.view)
            """,
        "max-size-in-aspect": "(in (aspect 1 (max-size 60 #f (label '((text . \"w\"))))) 'self.view)",
        "clamped-in-measured-column": """
            (in (hseq* 6 'start 'fill (^^ (max-size 60 #f (label '((text . "longer than the bound") (font . (system-font-of-size 9)))))
                                          (label '((text . "w"))) 0 'end)
                                      (vv (^^ (max-size 200 50 (label '((text . "w")))) blank 0) (label '((text . "w"))) 0 'start))
                'self.view)
            """,
        // a min-size whose area is a constant (inside fixed): its guide's preference for the
        // area's width gave way to the compression of the labels inside (47 for 40);
        "clamped-in-a-fixed-area": """
            (in (fixed 77 28 (beside (min-size 40 #f (above (label '((text . "www1"))) (label '((text . "wwwwwwwwww2"))) 0.5))
                                     blank 0.3))
                'self.view)
            """,
        // a flow at its own width whose child is clamped: the primitive protocol asked the
        // constraints' "long position?" with a mode, which it did not take (an internal arity
        // error, "flow: anonymous: expected 2 arguments, got 3");
        "flow-of-a-clamp": "(in (h... (flow 0 (min-size 120 70 (label '((text . \"w\"))))) (label '((text . \"w\")))) 'self.view)",
        // an aspect in an hseq aligned on 'baseline, whose box the frames measured at its own
        // width for the row's depth and laid at its share;
        "aspect-on-a-baseline": """
            (in (vseq* 0 'start (hseq 'baseline (label '((text . "w"))) (aspect 16/9 (label '((text . "w")))))
                                (hseq 'baseline (aspect 2 (view)) (label '((text . "big") (font . (system-font-of-size 30))))))
                'self.view)
            """,
        // an aligned column inside a fixed size, a padding or an inset, at its own width in a
        // row: the row's measuring guide was bound by nothing (the fixed size's children align
        // in its 77 points, a padding's in the guide less its sides), so it shrank to nothing
        // and the spacing around the box was shared as if it were empty;
        "aligned-in-a-fixed-size": """
            (in (vseq (hseq* 2 'space-evenly (fixed 77 73 (v... 'end (label '((text . "w"))))) (view '((size 20 20))))
                      (hseq 'center (padding 5 (v... 'center (label '((text . "ww"))))))
                      (<< (inset 1 2 3 4 (v... 'start (label '((text . "www"))))) (label '((text . "tail"))) 4)
                      (hseq* 0 'end (fixed 40 20 (padding 3 (v... 'end (label '((text . "w"))))))))
                'self.view)
            """,
        // a preference inside another's area: the aspect's box as large as it can be, at the
        // priority of the min-size's guide as long as the screen, traded the screen's height
        // for the box's width (the frames fit the min-size first, then the aspect in it);
        "preference-inside-a-preference": """
            (in (above (min-size 120 70 (aspect 3 2 (label '((text . "w")))))
                       (beside (max-size 200 #f (aspect 1 (view))) (min-size #f 60 (aspect 4 (view))) 0.5) 0.5)
                'self.view)
            """,
        // the frames decide in order: a column at its own width before the aspect beside it
        // takes the rest (the aspect's box as large as it can be widened the column, which was
        // only as short as it could be at a lower priority); and a distribution's free length
        // after its children's own widths (an overfull row squeezed the clamped label to a
        // negative width to keep its spacing, where the frames let the row run over);
        "decided-in-order": """
            (in (above (<< (vseq 'center (label '((text . "w")))) (aspect 1 (label '((text . "w")))))
                       (hseq* 4 'space-evenly (max-size 200 50 (label '((text . "a label wider than its share"))))
                                              (label '((text . "another long label"))) (label '((text . "and a third one")))) 0.6)
                'self.view)
            """,
        "row-of-one-in-wrapped-column": """
            (in (vseq 'center (v... 'fill (h... 'center (label '((text . "x")))) (view '((size 74 31))))
                              (v... 'fill (h... 'baseline (label '((text . "a longer label than the view")))) (view '((size 74 31))))
                              (v... 'fill (h... 'end (view '((size 20 10)))) (view '((size 74 31)))))
                'self.view)
            """,
        // a column measured first (a child aligned across it) is as wide as its widest filled
        // child too: a view's size, a label's content, a row's measure (nothing widened it);
        "filled-beside-aligned": """
            (in (vseq 'center (v... 'fill (v... 'center (label '((text . "x")))) (view '((size 74 31))))
                              (v... 'fill (v... 'center (label '((text . "x")))) (label '((text . "a long label here"))))
                              (v... 'fill (v... 'center (label '((text . "x")))) (hseq (view '((size 30 10))) (view '((size 50 10))))))
                'self.view)
            """,
        // a second child of >> or vv aligned across and along (a row or column of one aligned
        // child): an internal error (caar of #f), its row's guide placed from a start not known;
        "aligned-both-ways-second": """
            (in (above (>> (view) (v... 'end (label '((text . "w")))) 'center)
                       (vv (view) (h... 'end (label '((text . "www")))) 'center) 0.5)
                'self.view)
            """,
        // a fixed first child of vv or >> aligned across takes its size, the second the rest (the
        // alignment hid the fixed size: the second got its own length, the first the rest);
        // and a clamped fixed view in an aligned split measures its own height, not its width.
        "aligned-fixed-splits": """
            (in (above (vv (view '((size 42 8))) (label '((text . "xy"))) 0 'center)
                       (beside (>> (view '((size 42 8))) (label '((text . "x y"))) 2 'center)
                               (vv (label '((text . "a"))) (max-size 60 50 (view '((size 77 30)))) 4 'center) 0.5)
                       0.5)
                'self.view)
            """,
        "ratios": "(in (above (beside (label) (view) 0.3) (center (view) 0.1 0.2) 0.4) 'self.view)",
        "wraps": "(in (^^ (label '((text . \"Top\"))) (vv (<< (label '((text . \"L\"))) (>> (view) (label '((text . \"R\"))) 4) 8) (label '((text . \"Bottom\"))) 6) 10) 'self.view)",
        "chains": "(in (v... (label '((text . \"a\"))) (h... (label '((text . \"b\"))) (button '((title-for-state . (\"c\" . normal)))) (view)) (view)) 'self.view)",
        "fixed-sizes": "(in (vv (view '((size 40 30))) (above (view) (view '((size 10 20))) 0.5) 5) 'self.view)",
        "seq": "(in (hseq (vseq (label '((text . \"x\"))) (view)) (view) (^^ (hseq (label '((text . \"y\"))) (label '((text . \"zz\")))) blank)) 'self.view)",
        "seq-star": """
            (in (vseq (hseq* 8 'start (label '((text . "a"))) (label '((text . "bb"))))
                      (hseq* 8 'center (label '((text . "a"))) (label '((text . "bb"))))
                      (hseq* 8 'end (label '((text . "a"))) (label '((text . "bb"))))
                      (hseq* 8 'space-between (label '((text . "a"))) (label '((text . "bb"))) (label '((text . "c"))))
                      (hseq* 8 'space-around (label '((text . "a"))) (label '((text . "bb"))))
                      (hseq* 8 'space-evenly (label '((text . "a"))) (label '((text . "bb"))))
                      (hseq* 8 'fill-equally (label '((text . "a"))) (label '((text . "bb"))))
                      (^^ (vseq* 4 'space-between (label '((text . "a"))) (label '((text . "b")))) blank))
                'self.view)
            """,
        "overflow": "(in (fixed 60 40 (hseq* 10 'space-evenly (label '((text . \"a long text\"))) (label '((text . \"another\"))))) 'self.view)",
        "spacing": """
            (in (inset 10 20 30 40
                       (vseq* 6 'start
                              (padding 4 (label '((text . "pad"))))
                              (max-size #f 120 (aspect 16/9 (image)))
                              (min-size 200 #f (label '((text . "min"))))
                              (max-size 50 #f (label '((text . "max width"))))
                              (aspect 2 (view))
                              (min-size 100 300 (view))
                              (max-size 100 30 (hseq (view) (view)))
                              (^^ (min-size 80 #f (hseq (view '((size 10 10))) (view '((size 20 5))))) blank)))
                'self.view)
            """,
        "measured": "(in (vv (hseq (view) (view)) (vseq (view '((size 30 25))) (view '((size 30 15)))) 8) 'self.view)",
        "aligned": """
            (define (l t) (label `((text . ,t))))
            (define (big t) (label `((text . ,t) (font . ,(bold-system-font-of-size 30)))))
            (in (vseq* 4 'start
                  (hseq* 8 'start 'center (l "a") (view '((size 20 40))) (big "b"))
                  (hseq* 8 'space-between 'end (l "a") (view '((size 20 40))) (l "c"))
                  (hseq 'start (l "a") (vseq (view) (view)) (l "b"))
                  (vseq* 8 'start 'center (l "centre me") (l "x"))
                  (^^ (l "top") (view '((size 30 10))) 4 'end)
                  (h... 'center (l "q") (view '((size 10 44))) (l "r"))
                  (>> (l "left") (l "right") 8 'center)
                  (fixed 200 30 (hseq 'center (l "over") (view '((size 5 50)))))
                  (<< (vseq* 4 'start 'center (l "aaaa") (l "b") (view '((size 7 7)))) (view))
                  (^^ (hseq 'end (l "x") (vseq (view '((size 10 30))) (view '((size 5 5)))) (big "y")) (view) 3)
                  (<< (l "side") (v... 'end (l "one") (l "three!") (view '((size 40 3)))) 5))
                'self.view)
            """,
        "baselines": """
            (define (l t) (label `((text . ,t))))
            (define (big t) (label `((text . ,t) (font . ,(bold-system-font-of-size 30)))))
            (in (v... (h... 'baseline (l "q") (big "Big") (image '((size 10 10)))
                            (hseq* 2 'start 'baseline (l "n") (label `((text . "M") (font . ,(system-font-of-size 40))))))
                      (^^ (hseq* 4 'center 'baseline (big "B") (rounded-rect-button '((title-for-state . ("Go" . normal))))
                                 (text-field '((text . "tf"))) (view '((size 9 9))))
                          blank)
                      (hseq* 6 'start 'baseline (l "given") (big "height"))
                      (hseq 'baseline (vseq (view '((size 5 30))) (view)) (l "after a column"))
                      (view))
                'self.view)
            """,
        "primitives": """
            (define-primitive (columns gutter . children)
              (lambda (a)
                (let* ((n (length children))
                       (w (/ (- (area-width a) (* gutter (- n 1))) n)))
                  (let loop ((cs children) (i 0) (areas '()))
                    (if (null? cs)
                        (reverse areas)
                        (loop (cdr cs) (+ i 1)
                              (cons (area (+ (area-x a) (* i (+ w gutter))) (area-y a) w (area-height a)) areas)))))))
            (define-primitive (row gap . children)
              (lambda (a)
                (let loop ((cs children) (prev #f) (areas '()))
                  (if (null? cs)
                      (reverse areas)
                      (loop (cdr cs) (car cs)
                            (cons (area (if prev (next-x prev gap) (area-x a)) (area-y a) 'wrap (area-height a)) areas))))))
            (define-primitive (halves . children)
              (lambda (a)
                (list (area (area-x a) (area-y a) (* 0.5 (area-width a)) (area-height a))
                      (area (+ (area-x a) (* 0.5 (area-width a))) (+ (area-y a) 10) (* 0.5 (area-width a)) (- (area-height a) 10)))))
            (define (l t) (label `((text . ,t))))
            (in (v... (^^ (overlay (view '((size 30 20))) (view '((size 10 40)))) (view))
                      (^^ (grid 2 2 4 (view '((size 30 20))) (view '((size 10 40))) (view '((size 5 5)))) blank)
                      (^^ (row 6 (l "one") (l "two") (view '((size 12 12)))) blank)
                      (padding 10 (above (overlay (view) (center (l "over") 0.1 0.2))
                                         (above (grid 2 3 8 (view) (l "a") (view) (l "b") (view))
                                                (columns 8 (view) (l "x") (view))
                                                0.5)
                                         0.3)))
                'self.view)
            """,
        // (right-to-left 'fixed): left and right anchors, the same frames in right-to-left canvases.
        "rtl-fixed": """
            (right-to-left 'fixed)
            (in-safe-area (^^ (<< (image '((size 44 44))) (above (beside (label '((text . "name"))) (label) 0.7) (label) 0.5) 12)
                              (hseq* 8 'end 'center (label '((text . "a"))) (view '((size 10 30)))))
                          'self.view)
            """,
        "inset-to-an-end": "(in (v... (label '((text . \"a\"))) (padding 10 (inset 1 2 3 4 (view)))) 'self.view)",
        "primitives-wrapped": """
            (define-primitive (halves . children)
              (lambda (a)
                (list (area (area-x a) (area-y a) (* 0.5 (area-width a)) (area-height a))
                      (area (+ (area-x a) (* 0.5 (area-width a))) (+ (area-y a) 10) (* 0.5 (area-width a)) (- (area-height a) 10)))))
            (in (<< (overlay (view '((size 50 20))) (label '((text . "x")))) (halves (label '((text . "left half"))) (view))) 'self.view)
            """,
        "safe-area": "(in-safe-area (>> (label '((text . \"left\"))) (center (image) 0.25 0) 12) 'self.view)",
        // Trait branches: one constraint set per branch (guides in some, a view placed in one,
        // content priorities that differ), each solved on the screens of its branch.
        "traits": """
            (define a (label '((text . "a"))))
            (define b (label '((text . "bee"))))
            (define c (view))
            (in-safe-area (cond ((eq? (device-idiom) 'pad) (center (vv a b 4) 0.1 0.2))
                                ((landscape?) (hseq* 8 'space-between a b))
                                (else (vseq (^^ a b 4) c)))
                          'self.view)
            """,
        // Three collapsing views: eight constraint sets in the code (ConstraintCodeTests).
        "collapse-code": collapseCode([true, false, true]),
        // A self-sizing cell: labels stretched by ratios and at their own heights, a fixed image.
        "cell": """
            (define (l t) (label `((text . ,t))))
            (in-cell (<< (image '((size 30 30))) (^^ (l "Title") (above (l "one") (>> (l "two") (l "3") 4) 0.6) 2) 8) 'cell)
            """,
        "traits-cell": """
            (define a (label '((text . "a"))))
            (define b (label '((text . "bee"))))
            (in-cell (if (eq? (size-class 'horizontal) 'regular) (<< a b 8) (^^ a (center b 0.25 0) 4)) 'cell)
            """,
    ]

    func testPrimitiveCorpusSolvesToItsFrames() throws {
        let python = try Self.python()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("htll-constraints-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var pairs: [String] = []
        for (name, source) in Self.corpus.merging(Self.collapseCorpus, uniquingKeysWith: { a, _ in a }).sorted(by: { $0.key < $1.key }) {
            let layout = try Layout(source: source, file: "\(name).htll")
            for (canvasName, canvas) in Self.canvases {
                let c = work.appendingPathComponent("\(name)-\(canvasName).constraints.json")
                let f = work.appendingPathComponent("\(name)-\(canvasName).frames.json")
                try layout.constraintsJSON(canvas: canvas).write(to: c, atomically: true, encoding: .utf8)
                // A layout fixed in right-to-left languages keeps its left-to-right frames.
                var unmirrored = try Self.framesCanvas(layout, canvas, constraints: c.path, python: python)
                if name == "rtl-fixed" { unmirrored.rightToLeft = false }
                try layout.framesJSON(canvas: unmirrored).write(to: f, atomically: true, encoding: .utf8)
                pairs += [c.path, f.path]
            }
        }
        let (status, output) = try Tool.run(python, [Self.checker] + pairs)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("\(pairs.count / 2) canvases") && output.contains(" 0 failures"), output)
    }

    /// The checker itself finds a wrong frame, an ambiguous view and a conflict.
    func testCheckerCatchesWrongAmbiguousAndConflictingConstraints() throws {
        let python = try Self.python()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("htll-constraints-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let layout = try Layout(source: "(in (above (label '((text . \"A\"))) (label '((text . \"B\"))) 0.5) 'self.view)", file: "t.htll")
        let canvas = Layout.Canvas(width: 390, height: 844)
        let good = try layout.constraintsJSON(canvas: canvas)
        let frames = work.appendingPathComponent("f.json")
        try layout.framesJSON(canvas: canvas).write(to: frames, atomically: true, encoding: .utf8)
        func check(_ json: String) throws -> String {
            let c = work.appendingPathComponent("c.json")
            try json.write(to: c, atomically: true, encoding: .utf8)
            return try Tool.run(python, [Self.checker, c.path, frames.path]).1
        }
        XCTAssertTrue(try check(good).contains(" 0 failures"))
        let wrong = good.replacingOccurrences(of: "\"multiplier\": 0.5, \"second\": \"self.view.height\", \"constant\": 0",
                                              with: "\"multiplier\": 0.5, \"second\": \"self.view.height\", \"constant\": 10")
        XCTAssertNotEqual(wrong, good)
        XCTAssertTrue(try check(wrong).contains("constraints give"))
        let ambiguous = good.replacingOccurrences(of: "\"relation\": \"==\", \"multiplier\": 1, \"second\": \"label1.bottom\"",
                                                  with: "\"relation\": \">=\", \"multiplier\": 1, \"second\": \"label1.bottom\"")
        XCTAssertNotEqual(ambiguous, good)
        XCTAssertTrue(try check(ambiguous).contains("ambiguous: label2.y"))
        XCTAssertTrue(good.hasSuffix("\n ]}\n"))
        let conflicting = String(good.dropLast(4)) + """
            ,
            {"first": "label1.leading", "relation": "==", "multiplier": 1, "second": "self.view.leading", "constant": 5, "priority": 1000, "text": "label1.leading == self.view.leading + 5"}
             ]}

            """
        XCTAssertNotEqual(conflicting, good)
        XCTAssertTrue(try check(conflicting).contains("conflict"))
    }

    /// What Auto Layout cannot state is refused with a located error, never approximated.
    func testInexpressibleLayoutsAreRefusedWhereTheyAreWritten() throws {
        // More collapsing views than the code states sets for (one per combination of hidden ones).
        let labels = (1...5).map { "(collapse-when-hidden (label '((text . \"\($0)\"))))" }.joined(separator: "\n         ")
        let layout = try Layout(source: "(in (vseq\n         \(labels))\n    'self.view)", file: "c.htll")
        XCTAssertNoThrow(try layout.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844)))
        try layout.setConstraintsOutput(true)
        XCTAssertThrowsError(try layout.swift(className: "ViewController")) { error in
            XCTAssertTrue("\(error)".hasPrefix("c.htll:6:32: error: --constraints: collapse-when-hidden: more than 4 views"), "\(error)")
        }
        // In a define-primitive's area procedure, a length that follows hidden (when-shown).
        let shown = try Layout(source: """
            (define-primitive (pair a b) (lambda (r) (list (area (area-x r) (area-y r) 'wrap 'wrap) (area (next-x a 4) (area-y r) 'wrap 'wrap))))
            (in (pair (collapse-when-hidden (label '((text . "a")))) (view)) 'self.view)
            """, file: "p.htll")
        XCTAssertThrowsError(try shown.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844))) { error in
            XCTAssertTrue("\(error)".hasPrefix("p.htll:2:5: error: --constraints: pair: a length that follows shown"), "\(error)")
        }
        // A primitive's choice made at run time (flow's line breaks), and its max of labels' sizes
        // (grid's cells where its area wraps): refused, naming the primitive where it is called.
        let flow = try Layout(source: "(in (flow 8 (view '((size 10 10))) (view '((size 20 10)))) 'self.view)", file: "f.htll")
        XCTAssertThrowsError(try flow.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844))) { error in
            XCTAssertTrue("\(error)".hasPrefix("f.htll:1:5: error: --constraints: flow: a choice made at run time (if<=)"), "\(error)")
        }
        let grid = try Layout(source: "(in (^^ (grid 1 2 4 (label '((text . \"a\"))) (view)) (view)) 'self.view)", file: "g.htll")
        XCTAssertThrowsError(try grid.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844))) { error in
            XCTAssertTrue("\(error)".hasPrefix("g.htll:1:9: error: --constraints: grid: the measured size"), "\(error)")
        }
        // A layout's measured height, where a label in it may be stretched elsewhere: no anchor holds it.
        let measured = try Layout(source: "(in (vv (label) (hseq (label) (label '((text . \"B\"))))) 'self.view)", file: "m.htll")
        XCTAssertThrowsError(try measured.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844))) { error in
            XCTAssertTrue("\(error)".hasPrefix("m.htll:1:23: error: --constraints: the measured size of a layout holding a view sized by its content"), "\(error)")
        }
        // A column measured first (a child aligned across it) holding a row filled to its width
        // whose label no alignment holds: the frames make the column as wide as that row's own
        // width and share it out; no constraint holds the row's own width (the label was
        // squeezed to nothing at the right edge). Refused at the row; the same column with the
        // label aligned across it bounds its width itself, and solves to the frames.
        let filled = try Layout(source: "(in (^^ (vseq (v... 'center blank) (hseq (label '((text . \"wwwwwwwwwwww6\"))) blank)) blank 'end) 'self.view)", file: "r.htll")
        XCTAssertThrowsError(try filled.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844))) { error in
            XCTAssertTrue("\(error)".hasPrefix("r.htll:1:36: error: --constraints: the measured size of a layout holding a view sized by its content"), "\(error)")
        }
        let aligned = try Layout(source: "(in (^^ (vseq (v... 'center blank) (v... 'center (label '((text . \"wwwwwwwwwwww6\"))))) blank 'end) 'self.view)", file: "a.htll")
        XCTAssertNoThrow(try aligned.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844)))
    }
}
