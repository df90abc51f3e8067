import XCTest
@testable import HTLL

/// A run of top-level view definitions, `(define NAME (KIND ARGUMENT ...))`, is evaluated as one
/// form (htll:definition-run-end, 37-include.scm), its definitions without being compiled while
/// their arguments are constants (htll:define-views!). What a layout does must not change: these
/// tests compare each layout with itself loaded a form at a time (a constant between every two
/// forms ends every run) and check what could tell them apart.
final class DefinitionRunTests: XCTestCase {
    func layout(_ source: String) throws -> Layout {
        try Layout(source: source, file: "runs.htll", scheme: ViewTests.scheme)
    }

    /// The same forms (one a line) with `0` after each: each is evaluated by itself, and every
    /// form keeps its line and column.
    func oneAtATime(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + " 0" }.joined(separator: "\n")
    }

    /// Every output of SOURCE (or its error), in runs and a form at a time, must agree.
    func assertSameBothWays(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        EquivalentLayout.assertSame(source, oneAtATime(source), file: "runs.htll", file: file, line: line)
    }

    func testRunsDoWhatFormsOneAtATimeDo() throws {
        let source = """
            (define title (label '((text . "Title") (text-alignment . center))))
            (define ok (rounded-rect-button '((title-for-state . ("OK" . normal)))))
            (define gap 8)
            (define icon (image '((image . (image-named "icon")))))
            (define note (label '((text . "Note"))))
            (define-style plain '((text-color . gray-color)))
            (define styled-note (label 'plain '((text . "Styled"))))
            (define field (text-field '((placeholder . "Name"))))
            (define row (hseq icon note))
            (define note (label '((text . "Again"))))
            (define (spacer) (view '()))
            (define extra (view '()))
            (in (vseq title ok row field note extra styled-note) 'self.view)
            """
        // Both views bound to note are declared (the second as note2), as htllc did.
        let text = try layout(source).objectiveCCategory()
        XCTAssertTrue(text.contains("note.text = @\"Note\";"), text)
        XCTAssertTrue(text.contains("note2.text = @\"Again\";"), text)
        XCTAssertTrue(text.contains("styledNote.text = @\"Styled\";"), text)
        assertSameBothWays(source)
    }

    func testAnErrorInARunIsLocatedAtItsView() {
        let source = """
            (define a (label '((text . "A"))))
            (define b (label '((text . "B"))))
            (define c (label '((txet . "C"))))
            (define d (label '((text . "D"))))
            (in (vseq a b c d) 'self.view)
            """
        XCTAssertThrowsError(try layout(source).objectiveC(.viewDidLoad)) { error in
            XCTAssertTrue("\(error)".hasPrefix("runs.htll:3:11: error: "), "\(error)")
            XCTAssertTrue("\(error)".contains("txet"), "\(error)")
        }
        assertSameBothWays(source)
    }

    /// A run is spliced with the system's begin: what the layout calls begin does not matter.
    func testALayoutsOwnBeginDoesNotChangeARun() throws {
        for begin in ["(define (begin . forms) 'mine)", "(define-syntax begin (syntax-rules () ((_ x ...) 'mine)))"] {
            let source = begin + "\n" + """
                (define a (label '((text . "A"))))
                (define b (label '((text . "B"))))
                (define c (label '((text . "C"))))
                (in (vseq a b c) 'self.view)
                """
            let text = try layout(source).objectiveC(.viewDidLoad)
            for name in ["a", "b", "c"] { XCTAssertTrue(text.contains("[self.view addSubview:\(name)];"), text) }
            assertSameBothWays(source)
        }
    }

    /// Definitions that rebind what a run's forms are made of (quote, a constructor) end runs.
    func testRebindingQuoteOrAConstructorEndsARun() {
        assertSameBothWays("""
            (define a (label '((text . "A"))))
            (define quote (view '()))
            (define b (label '((text . "B"))))
            (in (vseq a b) 'self.view)
            """)
        assertSameBothWays("""
            (define a (label '((text . "A"))))
            (define label (view '()))
            (define b (label '((text . "B"))))
            (in (vseq a b) 'self.view)
            """)
    }
    /// The definitions a run evaluates without compiling them (constant or quoted arguments, a
    /// constructor that is a procedure) and those it leaves to the compiler (a variable or ()
    /// as an argument, a constructor the layout made something else, define or quote made the
    /// layout's own) give what each evaluated by itself gives: values, errors and their places.
    func testRunsOfEveryArgumentShapeDoWhatFormsOneAtATimeDo() {
        let sources = [
            // Constants of every kind, several arguments, none; a style by name.
            """
            (define-style plain '((text-color . gray-color)))
            (define a (label '((text . "A"))))
            (define b (label 'plain '((text . "B"))))
            (define c (label))
            (define d (rounded-rect-button '((title-for-state . ("Go" . normal))) 'plain))
            (define e (view '((alpha . 0.5) (hidden . #f))))
            (in (vseq a b c d e) 'self.view)
            """,
            // A variable argument and () end the uncompiled part; an unbound variable's error.
            """
            (define style '((text . "S")))
            (define a (label '((text . "A"))))
            (define b (label style))
            (define c (label '((text . "C"))))
            (in (vseq a b c) 'self.view)
            """,
            """
            (define a (label '((text . "A"))))
            (define b (label nothing))
            (define c (label '((text . "C"))))
            (in (vseq a b c) 'self.view)
            """,
            """
            (define a (label '((text . "A"))))
            (define b (label ()))
            (in (vseq a b) 'self.view)
            """,
            // Errors of the constructor called, at the view's place, and a string argument.
            """
            (define a (label '((text . "A"))))
            (define b (label '((text . 5))))
            (in (vseq a b) 'self.view)
            """,
            """
            (define a (label '((text . "A"))))
            (define b (label "just a string"))
            (in (vseq a b) 'self.view)
            """,
            // A constructor the layout redefined: a procedure (called), a number (an error).
            """
            (define (label . arguments) (view '()))
            (define a (label '((text . "A"))))
            (define b (label '((text . "B"))))
            (in (vseq a b) 'self.view)
            """,
            """
            (define label 5)
            (define a (label '((text . "A"))))
            (define b (label '((text . "B"))))
            (in (vseq a b) 'self.view)
            """,
            // The layout's own define: its meaning, not the core form's.
            """
            (define-syntax define (syntax-rules () ((_ n e) (set! n e))))
            (define a (label '((text . "A"))))
            (define b (label '((text . "B"))))
            (in (vseq a b) 'self.view)
            """,
            // Names: renamed, reserved, bound twice, a syntax keyword's, a controller member's.
            """
            (define if (label '((text . "A"))))
            (define title (label '((text . "B"))))
            (define new (label '((text . "C"))))
            (define _Foo (label '((text . "D"))))
            (define title (label '((text . "E"))))
            (in (vseq if title new _Foo) 'self.view)
            """,
        ]
        for source in sources { assertSameBothWays(source) }
    }

    /// A definition made without compiling is the layout's variable like any other: later code
    /// sees it, and a procedure bound so takes the definition's name.
    func testUncompiledDefinitionsAreTheLayoutsVariables() throws {
        let source = """
            (define (label . arguments) (lambda () arguments))
            (define a (label '((text . "A"))))
            (define b (label '((text . "B"))))
            (define written (let ((p (open-output-string))) (write a p) (get-output-string p)))
            (define t (text-field `((placeholder . ,written))))
            (define u (text-field `((placeholder . ,(cdr (assq 'text (car (b))))))))
            (in (vseq t u) 'self.view)
            """
        let text = try layout(source).objectiveCCategory()
        XCTAssertTrue(text.contains("t.placeholder = @\"#<procedure a>\";"), text)
        XCTAssertTrue(text.contains("u.placeholder = @\"B\";"), text)
        assertSameBothWays(source)
    }
}
