import XCTest
@testable import HTLL

/// A run of top-level view definitions, `(define NAME (KIND ARGUMENT ...))`, is evaluated as one
/// form (htll:definition-run-end, 37-include.scm). What a layout does must not change: these
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
        func outputs(_ text: String) -> String {
            do {
                let l = try layout(text)
                return try l.objectiveCCategory() + l.swift() + l.framesJSON(width: 320, height: 480)
                    + l.objectiveC(.property)
            } catch {
                return "error: \(error)"
            }
        }
        let runs = outputs(source), single = outputs(oneAtATime(source))
        XCTAssertEqual(runs, single, file: file, line: line)
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
}
