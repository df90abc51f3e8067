import XCTest
@testable import HTLL

/// A layout file's `(define-style NAME [(PARENT ...)] 'ATTRIBUTES)` is defined without being
/// rewritten, expanded and compiled (htll:define-style-now!, 37-include.scm). What a layout does
/// must not change: these tests compare each layout with the same one whose styles' attributes are
/// written with a quasiquote, which the loader evaluates as it always did, and check what could
/// tell the two apart (outputs, origins in `htll frames`, errors and their locations, a layout's
/// own define or quote).
final class StyleDefinitionTests: XCTestCase {
    func layout(_ source: String) throws -> Layout {
        try Layout(source: source, file: "styles.htll", scheme: ViewTests.scheme)
    }

    /// SOURCE with each style definition's quoted attributes quasiquoted instead (the same value,
    /// the same columns).
    func evaluatedTheOldWay(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("(define-style ") else { return String(line) }
            return line.replacingOccurrences(of: " '(", with: " `(")
        }.joined(separator: "\n")
    }

    /// Every output of SOURCE (or its error) must be the same both ways; returns it.
    @discardableResult
    func assertSameBothWays(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertNotEqual(source, evaluatedTheOldWay(source), "the test changes nothing", file: file, line: line)
        return EquivalentLayout.assertSame(source, evaluatedTheOldWay(source), file: "styles.htll", file: file, line: line)
    }

    func testStylesDoWhatTheirEvaluatedDefinitionsDo() {
        let source = """
            (define-style base '((text-color . red-color) (alpha . 0.5)))
            (define-style title (base) '((text-alignment . center)))
            (define-style loud (base title) '((text-color . blue-color)))
            (define-style (card c) `((background-color . ,c)))
            (define-style plain '())
            (define-style base '((text-color . green-color)))
            (define a (label 'title '((text . "A"))))
            (define-style shadowed '((alpha . 0.5)))
            (define shadowed (label 'shadowed '((text . "B"))))
            (in (vseq a shadowed (label 'loud 'plain '((text . "C"))) (styled (view '()) (card 'white-color))
                      (label 'base (card 'black-color) '((text . "D"))))
                'self.view)
            """
        let text = assertSameBothWays(source)
        // The later base is the one used after it; title keeps what base set when title was defined.
        XCTAssertTrue(text.contains("style title (from base)"), text)
        XCTAssertTrue(text.contains("greenColor"), text)
        XCTAssertTrue(text.contains("redColor"), text)
    }

    func testAStylesErrorsAreTheSameAndLocated() {
        let bad = [
            ("(define-style s '((nope . 1)))", "no view has an attribute nope"),
            ("(define-style s '(text-color))", "an attribute must be (name . value)"),
            ("(define-style s '((text-color . red-color) . 5))", "attributes must be a list"),
            ("(define-style s (missing) '((alpha . 1)))", "unknown parent style missing"),
            ("(define-style s (card) '((alpha . 1)))", "takes arguments, so it cannot be a parent"),
            ("(define-style s 5 '((alpha . 1)))", "the parents must be a list"),
            ("(define-style label '((alpha . 1)))", "is an HTLL name"),
            ("(define-style s '((alpha . 1)) '((alpha . 1)) '((alpha . 1)))", "expected (define-style NAME"),
            ("(define-style s '((text-color . 12)))", "text-color"),
        ]
        EquivalentLayout.assertErrors(bad, in: "styles.htll", layout: { definition in
            "(define-style (card c) `((background-color . ,c)))\n" + definition + "\n(in (label 's '((text . \"x\"))) 'self.view)"
        }, same: { self.assertSameBothWays($0) })
    }

    /// A layout that makes define or quote its own gets them, as its evaluated definition would.
    func testALayoutsOwnDefineOrQuoteIsUsed() {
        let defineMine = """
            (define-syntax define (syntax-rules () ((_ n v) (define-values (n) (values 'mine)))))
            (define-style s '((text-color . red-color)))
            (in (label 's '((text . "x"))) 'self.view)
            """
        // The style is never made: its definition is the layout's macro's.
        XCTAssertTrue(assertSameBothWays(defineMine).contains("unknown style s"))
        let quoteMine = """
            (define-syntax quote (syntax-rules () ((_ x) (list (cons (string->symbol "text-color") (string->symbol "blue-color"))))))
            (define-style s '((text-color . red-color)))
            (in (label s) (string->symbol "self.view"))
            """
        // (Not compared with a quasiquote: that one's expansion uses the layout's quote too.)
        XCTAssertThrowsError(try layout(quoteMine).objectiveCCategory()) { error in
            XCTAssertTrue("\(error)".contains("the name must be a symbol, got ((text-color . blue-color))"), "\(error)")
        }
    }

    /// A style's name is the layout's variable: a variable holding the style keeps it when the name
    /// is defined again.
    func testAStyleIsTheLayoutsVariable() throws {
        let source = """
            (define-style s '((text-color . red-color)))
            (define t s)
            (define-style s '((text-color . blue-color)))
            (in (vseq (label t '((text . "old"))) (label s '((text . "new")))) 'self.view)
            """
        let text = assertSameBothWays(source)
        let old = try XCTUnwrap(text.range(of: "redColor")), new = try XCTUnwrap(text.range(of: "blueColor"))
        XCTAssertLessThan(old.lowerBound, new.lowerBound, text)
    }
}
