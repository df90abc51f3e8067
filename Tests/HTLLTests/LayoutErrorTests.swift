import XCTest
import HTLL

/// Bad layouts give one-line errors located in the layout (`file:line:col: error: …`), never a crash.
final class LayoutErrorTests: XCTestCase {
    /// The error message `source` produces when loaded and compiled for `action`.
    func message(_ source: String, action: HTLL.Action = .viewWillLayoutSubviews) -> String {
        do {
            let layout = try Layout(source: source, file: "bad.htll", scheme: ViewTests.scheme)
            _ = try layout.objectiveC(action)
            XCTFail("no error for: \(source)")
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// A layout is compiled, not run: `(exit n)` in it is a located error (an exit ended the
    /// compilation with nothing said, with status 0 as if it had succeeded), which a guard catches.
    func testExitInALayoutIsALocatedError() throws {
        for call in ["(exit 0)", "(exit 3)", "(emergency-exit)"] {
            XCTAssertThrowsError(try Layout(source: "(in (label '()) 'self.view)\n\(call)", file: "bad.htll").objectiveC(.viewDidLoad)) {
                XCTAssertEqual("\($0)", "bad.htll:2:1: error: exit: a layout is compiled, not run: it cannot end the compilation", call)
            }
        }
        let caught = try Layout(source: """
            (define r (guard (e ((error-object? e) "caught")) (exit 0)))
            (in (label `((text . ,r))) 'self.view)
            """, file: "ok.htll")
        XCTAssertTrue(try caught.objectiveC(.viewWillAppear).contains("@\"caught\""))
    }

    func testUnknownAttributeSuggestsTheClosestName() {
        let m = message("(in (label '((text . \"x\")\n              (text-colour . red-color))) 'self.view)")
        XCTAssertEqual(m, "bad.htll:1:5: error: label has no attribute text-colour; did you mean text-color?")
    }

    func testWrongValueType() {
        XCTAssertEqual(message("(in (label '((text . 42))) 'self.view)"),
                       "bad.htll:1:5: error: label text: expected a string or (localized KEY DEFAULT), got 42")
        XCTAssertEqual(message("(in (slider '((value . \"high\"))) 'self.view)"),
                       "bad.htll:1:5: error: slider value: expected a number, got \"high\"")
        XCTAssertEqual(message("(in (label '((number-of-lines . 1.5))) 'self.view)"),
                       "bad.htll:1:5: error: label number-of-lines: expected an integer, got 1.5")
        XCTAssertEqual(message("(in (view '((hidden . 1))) 'self.view)"),
                       "bad.htll:1:5: error: view hidden: expected a boolean (#t or #f), got 1")
    }

    func testRatioOutsideTheOpenUnitInterval() {
        let src = "(define a (label '()))\n(define b (label '()))\n(in (above a b 1.5) 'self.view)"
        XCTAssertEqual(message(src), "bad.htll:3:5: error: above: the ratio must be a number between 0 and 1 (exclusive), got 1.5")
        XCTAssertTrue(message("(in (beside (label '()) (label '()) 0) 'self.view)").contains("beside: the ratio must be"))
    }

    /// A view's definition is located at its constructor's call, whatever its argument: a quoted
    /// list, a constant, a variable, several arguments, in a run of definitions or alone.
    func testADefinedViewsErrorIsLocatedAtItsCall() {
        XCTAssertEqual(message("(define a (label '((text . 42))))\n(in a 'self.view)"),
                       "bad.htll:1:11: error: label text: expected a string or (localized KEY DEFAULT), got 42")
        XCTAssertEqual(message("(define a (label '()))\n(define b\n  (label '((text . 42))))\n(in (above a b 0.5) 'self.view)"),
                       "bad.htll:3:3: error: label text: expected a string or (localized KEY DEFAULT), got 42")
        XCTAssertEqual(message("(define a (label 42))\n(in a 'self.view)"),
                       "bad.htll:1:11: error: label: expected an attribute list or a modifier, got 42")
        XCTAssertEqual(message("(define t '((text . 42)))\n(define a  (label t))\n(in a 'self.view)"),
                       "bad.htll:2:12: error: label text: expected a string or (localized KEY DEFAULT), got 42")
        XCTAssertEqual(message("(define a (label '() '((text . 42))))\n(in a 'self.view)"),
                       "bad.htll:1:11: error: label text: expected a string or (localized KEY DEFAULT), got 42")
    }

    /// A view bound by let, let* or letrec: its call rewritten as in a list, its error located
    /// there, whatever its arguments (issue 19).
    func testALetBoundViewsErrorIsLocatedAtItsCall() {
        for form in ["let", "let*", "letrec"] {
            XCTAssertEqual(message("(\(form) ((a (label '()))\n      (b (label '((text . 42)))))\n  (in (above a b 0.5) 'self.view))"),
                           "bad.htll:2:10: error: label text: expected a string or (localized KEY DEFAULT), got 42", form)
            XCTAssertEqual(message("(define t '((text . 42)))\n(\(form) ((a (label t)))\n  (in a 'self.view))"),
                           "bad.htll:2:\(form.count + 7): error: label text: expected a string or (localized KEY DEFAULT), got 42", form)
            XCTAssertEqual(message("(\(form) ((a (label 42)))\n  (in a 'self.view))"),
                           "bad.htll:1:\(form.count + 7): error: label: expected an attribute list or a modifier, got 42", form)
        }
    }

    func testViewPlacedTwice() {
        let src = "(let ((a (label '())))\n  (in (above a a 0.5) 'self.view))"
        XCTAssertEqual(message(src), "bad.htll:1:10: error: the view a is placed twice in the layout")
    }

    /// A misspelt name alone at the top level (a symbol keeps no location) is located where it was
    /// read, in a begin and in an included file too, not at the last HTLL call before it.
    func testAMisspeltNameAtTheTopLevelIsLocatedWhereItIsWritten() throws {
        XCTAssertEqual(message("(define a (label '()))\n  lable\n(in a 'self.view)"),
                       "bad.htll:2:3: error: unbound variable: lable; did you mean label?")
        XCTAssertEqual(message("(define a (label '()))\n(begin (define b 1)\n       lable)\n(in a 'self.view)"),
                       "bad.htll:3:8: error: unbound variable: lable; did you mean label?")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-toplevel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "(define gap 8)\n\nlable\n".write(to: dir.appendingPathComponent("theme.htll"), atomically: true, encoding: .utf8)
        let main = dir.appendingPathComponent("main.htll")
        try "(include \"theme.htll\")\n(in (label '()) 'self.view)\n".write(to: main, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Layout(contentsOfFile: main.path)) { error in
            XCTAssertEqual("\(error)", dir.appendingPathComponent("theme.htll").path + ":3:1: error: unbound variable: lable; did you mean label?")
        }
        // Constants at the top level are harmless, as before.
        XCTAssertNoThrow(try Layout(source: "42\n\"text\"\n(in (label '()) 'self.view)", file: "ok.htll"))
    }

    func testSecondTopLevelPrimitive() {
        let src = "(in (label '()) 'self.view)\n(in (label '()) 'self.view)"
        XCTAssertEqual(message(src), "bad.htll:2:1: error: in: a layout has one top-level in or in-cell; the first one is at bad.htll:1:1")
    }

    func testUnknownColourAndEvent() {
        XCTAssertEqual(message("(in (label '((text-color . pruple-color))) 'self.view)"),
                       "bad.htll:1:5: error: label text-color: unknown colour pruple-color; did you mean purple-color?")
        XCTAssertEqual(message("(in (custom-button '((target . (self tap: touch-up-insde)))) 'self.view)"),
                       "bad.htll:1:5: error: custom-button target: unknown control event touch-up-insde; did you mean touch-up-inside?")
    }

    func testUnknownEnumValueListsTheChoices() {
        XCTAssertEqual(message("(in (label '((text-alignment . middle))) 'self.view)"),
                       "bad.htll:1:5: error: label text-alignment: middle is not a text-alignment (one of left, center, right)")
    }

    func testBadResourcesAndPrimitives() {
        // Calls inside a quasiquote's unquotes are located too.
        XCTAssertEqual(message("(in (label `((text . \"a\")\n              (text-color . ,(rgba-color 2 0 0 1)))) 'self.view)"),
                       "bad.htll:2:30: error: rgba-color: red must be between 0.0 and 1.0, got 2")
        XCTAssertTrue(message("(in (label `((font . ,(system-font-of-size -3)))) 'self.view)")
            .contains("system-font-of-size: the size must be a positive number"))
        XCTAssertTrue(message("(in (^^ (label '()) (label '()) -4) 'self.view)").contains("^^: the margin must be a non-negative number"))
        XCTAssertTrue(message("(in (above 42 (label '()) 0.5) 'self.view)").contains("above: expected a view or a layout, got 42"))
        XCTAssertTrue(message("(in (segmented-control '()) 'self.view)").contains("segmented-control needs an items attribute"))
        XCTAssertTrue(message("(in (control '()) 'self.view)").contains("control is abstract"))
        XCTAssertTrue(message("(in (label '(text . \"x\")) 'self.view)").contains("label: attributes must be a list of (name . value), got (text . \"x\")"))
        XCTAssertTrue(message("(in (label (quote (text))) (quote self.view))").contains("label: an attribute must be (name . value), got text"))
    }

    func testSizesAndIntegersAreBounded() {
        XCTAssertEqual(message("(in (vseq (label '((size . (10 1e308)))) (label '())) 'self.view)"),
                       "bad.htll:1:11: error: size: height must be a number from -100000 to 100000, got 1.0e+308")
        XCTAssertEqual(message("(in (label '((size . (-5 10)))) 'self.view)"),
                       "bad.htll:1:5: error: size: width must be a number from 0 to 100000, got -5")
        XCTAssertEqual(message("(in (label `((size . ,(size +nan.0 3)))) 'self.view)"),
                       "bad.htll:1:23: error: size: width must be a number from -100000 to 100000, got +nan.0")
        XCTAssertEqual(message("(in (label '((content-stretch . (rect -1e9 0 1 1)))) 'self.view)"),
                       "bad.htll:1:5: error: rect: x must be a number from -100000 to 100000, got -1000000000.0")
        XCTAssertEqual(message("(in (label '((number-of-lines . 1e300))) 'self.view)"),
                       "bad.htll:1:5: error: label number-of-lines: expected an integer between -2147483648 and 2147483647, got 1.0e+300")
    }

    func testWrongArgumentCountIsLocatedAtTheCall() {
        XCTAssertEqual(message("(define a (label '()))\n(define b (label '()))\n(in (above a\n  b) 'self.view)"),
                       "bad.htll:3:5: error: above: expected 3 arguments, got 2")
        XCTAssertEqual(message("(in (center (label '()) 0.1 0.1 0.1) 'self.view)"),
                       "bad.htll:1:5: error: center: expected 3 arguments, got 4")
    }

    func testMissingTopLevelAndCellActions() {
        XCTAssertTrue(message("(define a (label '()))").contains("the layout has no top-level (in ...) or (in-cell ...)"))
        XCTAssertTrue(message("(in (label '()) 'self.view)", action: .cellInit).contains("cell-init: the layout is placed with in"))
    }

    func testSchemeErrorsInTheLayoutKeepTheirLocation() {
        let m = message("(in (label '()) 'self.view)\n(car 5)")
        XCTAssertTrue(m.hasPrefix("bad.htll:2:"), m)
    }

    func testHostileInputIsAnErrorNotACrash() {
        for src in ["(in)", "(in (label 42) 'self.view)", "(in (label '((text . \"x\"))) 42)", "(in blank 'self.view", ")",
                    "(in (above (label '()) (label '()) 'x) 'self.view)", "(in (hseq) 'self.view)",
                    "(in (label '((size . (1)))) 'self.view)", "(in (label (list (cons 'text (make-string 3 #\\a)) 7)) 'self.view)",
                    "(in (custom-button '((target . (self)))) 'self.view)", "(in (center (view '()) 0.5 0) 'self.view)"] {
            XCTAssertTrue(message(src).contains("error:"), src)
        }
    }

    func testDeepLayoutsBuiltByLoopsAreSolved() throws {
        // 2000 nested primitives: the solver recurses in Scheme, not on the host stack.
        let src = """
            (define (nest n)
              (if (= n 0) (view '()) (above (view '()) (nest (- n 1)) 0.5)))
            (in (nest 2000) 'self.view)
            """
        let layout = try Layout(source: src, file: "deep.htll")
        XCTAssertEqual(try layout.objectiveC(.property).split(separator: "\n").count, 2001)
    }
}
