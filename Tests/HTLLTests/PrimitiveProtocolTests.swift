import XCTest
import Scheme
import HTLL

/// The primitive protocol (`define-primitive`, prelude/htll/52-primitive-protocol.scm): primitives
/// a layout defines itself, the prelude's grid, overlay and flow, and located errors for what a
/// primitive gets wrong.
final class PrimitiveProtocolTests: XCTestCase {
    func layout(_ source: String) throws -> Layout {
        try Layout(source: source, file: "p.htll", scheme: ViewTests.scheme)
    }

    func frames(_ source: String, _ width: Double = 300, _ height: Double = 400) throws -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for f in try layout(source).frames(width: width, height: height) { result[f.name] = [f.x, f.y, f.width, f.height] }
        return result
    }

    func assertFrames(_ source: String, _ expected: [String: [Double]], _ width: Double = 300, _ height: Double = 400,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let got = try frames(source, width, height)
        for (name, e) in expected {
            guard let g = got[name] else { XCTFail("no frame for \(name) in \(got)", file: file, line: line); continue }
            XCTAssertEqual(g.count, e.count, file: file, line: line)
            for (a, b) in zip(g, e) { XCTAssertEqual(a, b, accuracy: 1e-9, "\(name): \(g) vs \(e)", file: file, line: line) }
        }
    }

    /// A length that adds two choices (if<=) of the area: the sum compares their atoms (the same
    /// choice twice is twice it); that comparison called htll:every with two lists and failed.
    func testSumsOfChoices() throws {
        let primitive = """
            (define-primitive (twice a b)
              (lambda (r)
                (let ((w (area-width r)))
                  (list (area (area-x r) (area-y r) (+ (if<= w 100 10 20) (if<= w W 30 40)) (area-height r))
                        (area (area-x r) (area-y r) w (area-height r))))))
            (in (twice (label '((text . "a"))) (label '((text . "b")))) 'self.view)

            """
        let two = try layout(primitive.replacingOccurrences(of: "W", with: "200")).objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(two.contains("{(self.view.bounds.size.width <= 100 ? 10 : 20) + (self.view.bounds.size.width <= 200 ? 30 : 40), "), two)
        // The same choice twice: one term, twice it.
        let same = try layout(primitive.replacingOccurrences(of: "(if<= w W 30 40)", with: "(if<= w 100 10 20)"))
            .objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(same.contains("{2 * (self.view.bounds.size.width <= 100 ? 10 : 20), "), same)
        // Each choice made at the width the frames are solved for.
        for (width, expected) in [(300.0, 60.0), (150, 50), (100, 40)] {
            try assertFrames(primitive.replacingOccurrences(of: "W", with: "200"), ["label1": [0, 0, expected, 400]], width, 400)
        }
    }

    /// The error `source` gives when loaded and compiled.
    /// The error of SOURCE's Objective-C with constraints.
    func constraintsMessage(_ source: String) -> String {
        do {
            let l = try layout(source)
            try l.setConstraintsOutput(true)
            _ = try l.objectiveCCategory()
            XCTFail("no error for: \(source)")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func message(_ source: String) -> String {
        do {
            _ = try layout(source).objectiveC(.viewWillLayoutSubviews)
            XCTFail("no error for: \(source)")
            return ""
        } catch {
            return "\(error)"
        }
    }

    let defs = """
        (define a (view '()))
        (define b (view '()))
        (define c (view '()))
        (define d (view '()))
        (define fixed-a (view '((size 50 20))))
        (define fixed-b (view '((size 30 10))))
        (define fixed-c (view '((size 70 15))))

        """

    /// Equal columns with a gutter, written in the layout: `+ - * /` compute with the area's
    /// symbolic lengths, and every output gets the primitive's frames.
    let columns = """
        (define-primitive (columns gutter . children)
          (lambda (r)
            (let* ((n (length children))
                   (w (/ (- (area-width r) (* gutter (- n 1))) n)))
              (let loop ((cs children) (i 0) (areas '()))
                (if (null? cs)
                    (reverse areas)
                    (loop (cdr cs) (+ i 1)
                          (cons (area (+ (area-x r) (* i (+ w gutter))) (area-y r) w (area-height r)) areas)))))))

        """

    func testAPrimitiveDefinedInTheLayoutReachesEveryOutput() throws {
        let source = defs + columns + "(in (columns 10 a b c) 'self.view)"
        try assertFrames(source, ["a": [0, 0, 280.0 / 3, 400], "b": [280.0 / 3 + 10, 0, 280.0 / 3, 400],
                                  "c": [560.0 / 3 + 20, 0, 280.0 / 3, 400]])
        let l = try layout(source)
        let objc = try l.objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(objc.contains("b.frame = (CGRect) {{0.3333333333 * self.view.bounds.size.width + 3.3333333333, 0}, {0.3333333333 * self.view.bounds.size.width - 6.6666666667, self.view.bounds.size.height}};"), objc)
        let swift = try l.swift()
        XCTAssertTrue(swift.contains("0.3333333333 * self.view.bounds.width + 3.3333333333"), swift)
        // Inside another primitive it takes the area it is given.
        try assertFrames(defs + columns + "(in (above a (columns 0 b c) 0.5) 'self.view)",
                         ["b": [0, 200, 150, 200], "c": [150, 200, 150, 200]])
    }

    /// The protocol expresses the built-in sequences: a vertical stack whose children take their
    /// own heights (next-y: after the previous child and a gap) gives v...'s frames, and a split
    /// by placed lengths gives above's.
    func testTheProtocolExpressesTheBuiltInSequences() throws {
        let stack = """
            (define-primitive (stack gap . children)
              (lambda (r)
                (let loop ((cs children) (prev #f) (areas '()))
                  (if (null? cs)
                      (reverse areas)
                      (loop (cdr cs) (car cs)
                            (cons (area (area-x r) (if prev (next-y prev gap) (area-y r)) (area-width r)
                                        (if (null? (cdr cs)) (- (+ (area-y r) (area-height r)) (if prev (next-y prev gap) (area-y r))) 'wrap))
                                  areas))))))
            (define-primitive (my-above top bottom ratio)
              (lambda (r)
                (list (area (area-x r) (area-y r) (area-width r) (* (area-height r) ratio))
                      (area (area-x r) (+ (area-y r) (placed-height top)) (area-width r) (* (area-height r) (- 1 ratio))))))

            """
        let mine = try frames(defs + stack + "(in (stack 5 fixed-a fixed-b c) 'self.view)")
        let builtIn = try frames(defs + "(in (^^ fixed-a (^^ fixed-b c 5) 5) 'self.view)")
        XCTAssertEqual(mine, builtIn)
        XCTAssertEqual(mine["c"], [0, 40, 300, 360])
        let mySplit = try layout(defs + stack + "(in (my-above a (my-above b c 0.5) 0.3) 'self.view)")
        let split = try layout(defs + "(in (above a (above b c 0.5) 0.3) 'self.view)")
        XCTAssertEqual(try mySplit.objectiveC(.viewWillLayoutSubviews), try split.objectiveC(.viewWillLayoutSubviews))
        XCTAssertEqual(try mySplit.swift(), try split.swift())
    }

    /// A long chain of next-y refers to the previous view's far edge, as hseq and ^^ do, so the
    /// frame code of 40 stacked views stays short.
    func testLongChainsReferToThePreviousEdge() throws {
        let stack = """
            (define-primitive (stack . children)
              (lambda (r)
                (let loop ((cs children) (prev #f) (areas '()))
                  (if (null? cs)
                      (reverse areas)
                      (loop (cdr cs) (car cs) (cons (area 0 (if prev (next-y prev) 0) 10 'wrap) areas))))))
            (in (apply stack (map (lambda (i) (label '((text . "x")))) (iota 40))) 'self.view)
            """
        let objc = try layout(stack).objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(objc.contains("label40.frame = (CGRect) {{0, CGRectGetMaxY(label39.frame)}, {10, label40.bounds.size.height}};"), objc)
        XCTAssertLessThan(objc.count, 6000, objc)
    }

    /// A layout's own ^^, written with next-y and rest-height as the prelude writes ^^, prints
    /// exactly what ^^ prints, through a chain long enough that positions refer to the previous
    /// view's far edge.
    func testAWrappingSplitOfTheLayoutsOwnPrintsWhatTheBuiltInPrints() throws {
        let mine = """
            (define-primitive (stack-on top rest gap)
              (lambda (r)
                (list (area (area-x r) (area-y r) (area-width r) 'wrap)
                      (area (area-x r) (next-y top gap) (area-width r) (rest-height top gap)))))
            (define (chain op n) (if (= n 0) (label '((text . "end"))) (op (label '((text . "row"))) (chain op (- n 1)) 4)))

            """
        let ours = try layout(mine + "(in (chain stack-on 12) 'self.view)")
        let builtIn = try layout(mine + "(in (chain ^^ 12) 'self.view)")
        let objc = try ours.objectiveC(.viewWillLayoutSubviews)
        XCTAssertEqual(objc, try builtIn.objectiveC(.viewWillLayoutSubviews))
        XCTAssertEqual(try ours.swift(), try builtIn.swift())
        XCTAssertTrue(objc.contains("CGRectGetMaxY(label"), objc)
    }

    func testGridFillsRowsOfEqualCells() throws {
        try assertFrames(defs + "(in (grid 2 3 10 a b c d) 'self.view)",
                         ["a": [0, 0, 280.0 / 3, 195], "b": [280.0 / 3 + 10, 0, 280.0 / 3, 195],
                          "c": [560.0 / 3 + 20, 0, 280.0 / 3, 195], "d": [0, 205, 280.0 / 3, 195]])
        // Where the area wraps, the cells are as large as the largest child: as high in ^^,
        // as wide and high in << inside ^^.
        try assertFrames(defs + "(in (^^ (grid 2 2 4 fixed-a fixed-b fixed-c) d) 'self.view)",
                         ["fixedA": [0, 0, 50, 20], "fixedB": [152, 0, 30, 10], "fixedC": [0, 24, 70, 15], "d": [0, 44, 300, 356]])
        try assertFrames(defs + "(in (^^ (<< (grid 2 2 4 fixed-a fixed-b fixed-c) d) c) 'self.view)",
                         ["fixedA": [0, 0, 50, 20], "fixedB": [74, 0, 30, 10], "fixedC": [0, 24, 70, 15], "d": [144, 0, 156, 0],
                          "c": [0, 44, 300, 356]])
        XCTAssertEqual(message(defs + "(in (grid 1 2 0 a b c) 'self.view)"), "p.htll:8:5: error: grid: 3 views do not fit in 1 x 2 cells")
        XCTAssertEqual(message(defs + "(in (grid 0 2 0 a) 'self.view)"),
                       "p.htll:8:5: error: grid: the number of rows must be a whole number from 1 to 10000, got 0")
    }

    func testOverlayGivesEveryChildTheWholeArea() throws {
        try assertFrames(defs + "(in (overlay a (center b 0.25 0.25)) 'self.view)",
                         ["a": [0, 0, 300, 400], "b": [75, 100, 150, 200]])
        try assertFrames(defs + "(in (^^ (overlay fixed-a fixed-c) d) 'self.view)",
                         ["fixedA": [0, 0, 50, 20], "fixedC": [0, 0, 70, 15], "d": [0, 20, 300, 380]])
    }

    /// flow breaks lines where the next child would pass the right edge; the generated code
    /// makes the same choice at run time.
    func testFlowWrapsAtTheRightEdge() throws {
        let source = defs + "(define small (view '((size 40 5))))\n(in (^^ (flow 10 fixed-a fixed-b fixed-c small) d) 'self.view)"
        // 50 + 10 + 30 = 90; + 10 + 70 = 170 > 150: a new line 10 below the first's 20.
        let got = try frames(source, 150, 300)
        XCTAssertEqual(got["fixedA"], [0, 0, 50, 20])
        XCTAssertEqual(got["fixedB"], [60, 0, 30, 10])
        XCTAssertEqual(got["fixedC"], [0, 30, 70, 15])
        XCTAssertEqual(got["small"], [80, 30, 40, 5])
        XCTAssertEqual(got["d"], [0, 45, 150, 255])
        // Wider, one line.
        let wide = try frames(source, 400, 300)
        XCTAssertEqual(wide["small"], [180, 0, 40, 5])
        XCTAssertEqual(wide["d"], [0, 20, 400, 280])
        let objc = try layout(source).objectiveC(.viewWillLayoutSubviews)
        // (A child fits within a thousandth of a point: the code's rounding must not decide.)
        XCTAssertTrue(objc.contains(" <= self.view.bounds.size.width + 0.001 ? "), objc)
        XCTAssertTrue(try layout(source).swift().contains(" <= self.view.bounds.width + 0.001 ? "))
    }

    /// What a primitive gets wrong is an error located at the primitive's call in the layout.
    func testMistakesAreLocatedErrors() {
        func call(_ body: String, _ use: String = "(in (two a b) 'self.view)") -> String {
            message(defs + "(define-primitive (two x y)\n  " + body + ")\n" + use)
        }
        let at = "p.htll:10:5: error: two: "
        XCTAssertEqual(call("(lambda (r) 5)"),
                       at + "the area procedure must return a list of areas, one per child (or (with-size WIDTH HEIGHT AREAS)), got 5")
        XCTAssertEqual(call("(lambda (r) (list r))"), at + "the area procedure returned 1 area for 2 children")
        XCTAssertEqual(call("(lambda (r) (list r r r))"), at + "the area procedure returned 3 areas for 2 children")
        XCTAssertEqual(call("(lambda (r) (list r (area 0 \"top\" 1 1)))"), at + "area: y: expected a number or a length, got \"top\"")
        XCTAssertEqual(call("(lambda (r) (list r (area 0 (/ 1.0 0.0) 1 1)))"), at + "area: y: +inf.0 is not a length (from -1e15 to 1e15)")
        XCTAssertEqual(call("(lambda (r) (list r (area (* (area-width r) (area-width r)) 0 1 1)))"),
                       at + "*: a length multiplies by numbers only (frames are linear), got two lengths")
        XCTAssertEqual(call("(lambda (r) (list (area 0 (placed-height y) 1 1) r))"),
                       at + "placed-height: an area refers to a child placed after it (its own or a later one's); use measured-width or measured-height")
        XCTAssertEqual(call("(lambda (r) (list r (area 0 0 (measured-width c) 1)))"),
                       at + "measured-width: expected one of the primitive's children, got a view or layout it does not hold")
        XCTAssertEqual(call("(lambda (r) (list r (area 0 0 (+ (area-width r) 'wrap) 1)))"),
                       at + "+: a length that wraps is the content's, unknown here; test it with wraps? and use measured-width or measured-height")
        XCTAssertEqual(call("(lambda () '())"), at + "anonymous: expected 0 arguments, got 1")
        XCTAssertEqual(constraintsMessage(defs + "(define-primitive (two x y)\n  (lambda () '()))\n(in (two a b) 'self.view)"),
                       at + "anonymous: expected 0 arguments, got 1")
        XCTAssertEqual(call("7"), at + "the body of define-primitive must return the area procedure, (lambda (area) ...), got 7")
        XCTAssertEqual(call("(lambda (r) (list r r))", "(in (two a) 'self.view)"), "p.htll:10:5: error: two: expected 2 arguments, got 1")
        // The body's own errors keep their place.
        XCTAssertEqual(call("(lambda (r) (car r))"), "p.htll:9:15: error: car: expected a pair, got #<htll:area>")
        XCTAssertEqual(message("(define-primitive (above x) x)\n(in (view '()) 'self.view)"),
                       "p.htll:1:1: error: define-primitive above: above is an HTLL name; call the primitive something else")
        XCTAssertEqual(message("(define-primitive above 1)\n(in (view '()) 'self.view)"),
                       "p.htll:1:1: error: define-primitive: expected (define-primitive (NAME PARAMETER ...) BODY ...)")
        // A quoted head, parameters that are not names: said so, not the expansion's lambda error.
        XCTAssertEqual(message("(define-primitive 'two (lambda (r) (list r)))\n(in (view '()) 'self.view)"),
                       "p.htll:1:1: error: define-primitive: expected (define-primitive (NAME PARAMETER ...) BODY ...), got 'two for its name and parameters")
        XCTAssertEqual(message("(define-primitive (two 'x y) (lambda (r) (list r r)))\n(in (view '()) 'self.view)"),
                       "p.htll:1:1: error: define-primitive two: the parameters must be names, such as (grid rows cols . children), got ((quote x) y)")
        XCTAssertEqual(message("(define-primitive (two x x) (lambda (r) (list r r)))\n(in (view '()) 'self.view)"),
                       "p.htll:1:1: error: define-primitive two: the parameters must be names, such as (grid rows cols . children), got (x x)")
    }

    /// An object other than an error raised in an area procedure and caught by nothing is located
    /// at the primitive's call in every output, also where the raise is in tail position (its
    /// frame, the only one of the layout's code, is gone) or a handler of the layout's raises it
    /// again; a raise in a procedure of the layout keeps the raise's place.
    func testRaisesOfOtherObjectsAreLocated() throws {
        let raises = ["(lambda (r) (raise 'oops))", "(lambda (r) (raise-continuable 'oops))",
                      "(lambda (r) (with-exception-handler (lambda (e) (raise e)) (lambda () (raise 'oops))))",
                      "(lambda (r) (raise 'oops) (list r r))"]
        for body in raises {
            let source = defs + "(define-primitive (two x y)\n  " + body + ")\n(in (two a b) 'self.view)"
            let expected = body.hasSuffix("(list r r))") ? "p.htll:9:15: error: uncaught exception: oops"
                                                          : "p.htll:10:5: error: uncaught exception: oops"
            XCTAssertEqual(message(source), expected, body)
            XCTAssertEqual(constraintsMessage(source), expected, body)
            XCTAssertThrowsError(try layout(source).swift(), body) { XCTAssertEqual("\($0)", expected, body) }
        }
        // Caught where it is raised, it is the layout's own business.
        XCTAssertNoThrow(try frames(defs + "(define-primitive (two x y)\n  (lambda (r) (guard (e (#t (list r r))) (raise 'oops))))\n(in (two a b) 'self.view)"))
        // Each primitive's at its own call, one solved before it or not.
        let after = defs + "(define-primitive (two x y)\n  (lambda (r) (list r r)))\n(define-primitive (one x)\n  (lambda (r) (raise 'late)))\n(in (vseq (two a b) (one c)) 'self.view)"
        XCTAssertEqual(message(after), "p.htll:12:21: error: uncaught exception: late")
    }

    /// Past a few questions a primitive's children are looked up in a table
    /// (htll:primitive-child?): every child of a large primitive is still one of its own, and a
    /// view it does not hold is still refused, whichever question comes first.
    func testManyChildrenAreCheckedAsFew() throws {
        let views = (0..<40).map { "(view '((size \($0 + 1) 10)))" }.joined(separator: " ")
        let row = """
            (define-primitive (row . children)
              (lambda (r)
                (let loop ((cs children) (x (area-x r)) (areas '()))
                  (if (null? cs)
                      (reverse areas)
                      (loop (cdr cs) (+ x (measured-width (car cs)))
                            (cons (area x (area-y r) (measured-width (car cs)) (measured-height (car cs))) areas))))))

            """
        let got = try frames(row + "(in (row \(views)) 'self.view)", 2000, 100)
        let widths = got.filter { $0.key.hasPrefix("view") }.map { $0.value[2] }.sorted()
        XCTAssertEqual(widths, (1...40).map(Double.init))
        let xs = got.filter { $0.key.hasPrefix("view") }.map { $0.value[0] }.sorted()
        XCTAssertEqual(xs, (0..<40).map { Double($0 * ($0 + 1) / 2) })
        for late in [0, 17, 39] {
            let asks = "(lambda (r) (map (lambda (c i) (if (= i \(late)) (area 0 0 (measured-width stranger) 1) (area 0 0 (measured-width c) 1))) children (iota (length children))))"
            let source = "(define stranger (view '()))\n(define-primitive (many . children)\n  \(asks))\n(in (many \(views)) 'self.view)"
            XCTAssertEqual(message(source),
                           "p.htll:4:5: error: many: measured-width: expected one of the primitive's children, got a view or layout it does not hold", "at \(late)")
        }
    }

    /// A primitive that never returns is stopped by the layout's limits, like any layout code.
    func testARunawayPrimitiveMeetsTheLimits() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(steps: 2_000_000), sandboxFolder: nil)
        let source = "(define-primitive (spin x) (lambda (r) (let loop () (loop))))\n(in (spin (view '())) 'self.view)"
        XCTAssertThrowsError(try Layout(source: source, file: "p.htll", scheme: scheme).objectiveC(.viewWillLayoutSubviews)) { error in
            XCTAssertTrue("\(error)".contains("step limit exceeded"), "\(error)")
        }
    }

    /// A primitive defined in a nested scope or at the REPL works the same way.
    func testDefinedInABodyAndAtTheRepl() throws {
        let nested = defs + """
            (let ()
              (define-primitive (half child) (lambda (r) (list (area (area-x r) (area-y r) (/ (area-width r) 2) (area-height r)))))
              (in (half a) 'self.view))
            """
        try assertFrames(nested, ["a": [0, 0, 150, 400]])
        let scheme = Scheme()
        try HTLL.installInteractive(into: scheme)
        let typed = ["(define-primitive (half child) (lambda (r) (list (area 0 0 (/ (area-width r) 2) 10))))",
                     "(in (half (view '())) 'self.view)"]
        var last = Value(false)
        for text in typed {
            let form = try XCTUnwrap(try scheme.read(text, file: "<repl>").arrayValue?.first)
            last = try HTLL.evaluateInteractive(form, in: scheme)
        }
        XCTAssertEqual(HTLL.interactiveText(of: last, in: scheme), "#<half view>")
    }
}
