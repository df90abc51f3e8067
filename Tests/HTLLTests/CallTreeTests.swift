import Foundation
import XCTest
@testable import HTLL

/// A top-level form that is a call tree, (in (vseq (label '(...)) ...) 'self.view) with calls of
/// the prelude's own constructors and primitives, constants, quotations and variables, is
/// evaluated without being rewritten, expanded and compiled (htll:evaluate-call-tree!,
/// 38-call-trees.scm), and so is a let or let* binding such trees around one
/// (htll:evaluate-let-tree!). What a layout does must not change: these tests compare each layout
/// with the same one whose last form is the body of `((lambda () ...))`, which the loader
/// rewrites and compiles as it always did, and check what could tell them apart (every output, `htll frames`' locations,
/// errors and where they are located, the order the calls are made in, a layout's own procedures).
final class CallTreeTests: XCTestCase {
    func layout(_ source: String, file: String = "trees.htll") throws -> Layout {
        try Layout(source: source, file: file, scheme: ViewTests.scheme)
    }

    /// SOURCE with its last form, the tree (an in, or a let or let* around one), made the body of
    /// a procedure called at once, `((lambda () ...))`, which the loader rewrites and compiles;
    /// opened at the end of the line before it, so every call keeps its line and column. (Each
    /// source starts with a line before its tree.)
    func compiled(_ source: String) -> String {
        var lines = source.components(separatedBy: "\n")
        let start = lines.lastIndex { $0.hasPrefix("(in") || $0.hasPrefix("(let") } ?? 1
        lines[start - 1] += " ((lambda ()"
        lines[lines.count - 1] += "))"
        return lines.joined(separator: "\n")
    }

    /// Every output of SOURCE (or its error) must be the same evaluated as a tree and compiled;
    /// returns it.
    @discardableResult
    func assertSameBothWays(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        EquivalentLayout.assertSame(source, compiled(source), file: "trees.htll", file: file, line: line)
    }

    func testTreesDoWhatTheirCompiledFormsDo() throws {
        let source = """
            (define heading (label '((text . "Title"))))
            (define gap 8)
            (define-style plain '((text-color . gray-color)))
            (in (vseq heading (label 'plain '((text . "A")))
                      (rounded-rect-button (on 'touch-up-inside 'go:) '((title-for-state . ("Go" . normal))))
                      (above (label '((text . "B"))) (beside (image '((image . (image-named "icon")))) (switch '()) 0.3) 0.5)
                      (center (activity-indicator '()) 0.2 0.3)
                      (hseq (label (layer '((corner-radius . 4))) '((text . "C"))) (text-field '((placeholder . "Name"))))
                      (label '((text . "Z") (font . (bold-system-font-of-size 12)))))
                'self.view)
            """
        let text = assertSameBothWays(source)
        XCTAssertTrue(text.contains("action:@selector(go:)"), text)
        XCTAssertTrue(text.contains("heading.text = @\"Title\";"), text)
    }

    func testLongSequencesAndCellsAsTrees() {
        let labels = (0..<300).map { "(label '((text . \"L\($0)\")))" }.joined(separator: " ")
        assertSameBothWays("(define unused 0)\n(in (vseq \(labels)) 'self.view)")
        assertSameBothWays("(define unused 0)\n(in-cell (vseq \(labels)) 'Cell)")
    }

    func testErrorsInATreeAreTheSameAndLocated() {
        let bad: [(String, String)] = [
            ("(in (vseq (label '((text . \"a\"))) (above (label '((text . \"b\"))))) 'self.view)", "above: expected 3 arguments, got 1"),
            ("(in (vseq (label '((txet . \"a\")))) 'self.view)", "txet"),
            ("(in (vseq (label 5)) 'self.view)", "expected an attribute list or a modifier"),
            ("(in (above (label '()) (label '()) \"half\") 'self.view)", "above"),
            ("(in (vseq (label '()) missing) 'self.view)", "unbound variable: missing"),
            ("(in (vseq (label '()) gap) 'self.view)", "vseq"),
            ("(in (vseq (rounded-rect-button (on 'touch-up-nowhere 'go:) '())) 'self.view)", "unknown control event"),
            ("(in (vseq (label '()) (label '())) 5)", "the parent must name an object"),
        ]
        EquivalentLayout.assertErrors(bad, in: "trees.htll:2", layout: { "(define gap 8)\n" + $0 },
                                      same: { self.assertSameBothWays($0) })
    }

    /// A layout's own procedure of a constructor's name may do anything, in any order: the tree
    /// calling it is compiled, and it is called as compiled code calls it.
    func testALayoutsOwnConstructorsAreCalledInOrder() {
        let source = """
            (define made '())
            (define (note x) (set! made (cons x made)) x)
            (define plain-label label)
            (define (label . args) (note (apply plain-label args)))
            (define (vseq . views) (set! label (lambda args (error "label: replaced"))) (apply hseq views))
            (in (vseq (label '((text . "A"))) (label '((text . "B")))) 'self.view)
            """
        assertSameBothWays(source)
        let replaced = """
            (define plain-vseq vseq)
            (define (vseq . views) (set! label (lambda args (error "label: replaced"))) (apply plain-vseq views))
            (in (hseq (vseq (label '((text . "A")))) (label '((text . "B")))) 'self.view)
            """
        XCTAssertTrue(assertSameBothWays(replaced).contains("label: replaced"))
    }

    /// A layout that makes quote or define its own, or a constructor's name syntax, gets them.
    func testALayoutsOwnSyntaxIsUsed() {
        assertSameBothWays("""
            (define-syntax label (syntax-rules () ((_ x ...) (text-field '((placeholder . "mine"))))))
            (in (vseq (label '((text . "A")))) 'self.view)
            """)
        assertSameBothWays("""
            (define-syntax quote (syntax-rules () ((_ x) (list (cons (string->symbol "text") "mine")))))
            (in (vseq (label '((text . "A")))) (string->symbol "self.view"))
            """)
    }

    /// The views of a tree are made in the order compiled code makes them: argument by
    /// argument, inner calls first, so generated names and declarations follow the source.
    func testViewsAreMadeInSourceOrder() throws {
        let source = """
            (define unused 0)
            (in (hseq (vseq (label '((text . "1"))) (label '((text . "2"))))
                      (label '((text . "3"))) (vseq (label '((text . "4")))))
                'self.view)
            """
        let text = assertSameBothWays(source)
        let order = ["label1.text = @\"1\"", "label2.text = @\"2\"", "label3.text = @\"3\"", "label4.text = @\"4\""]
        let positions = try order.map { try XCTUnwrap(text.range(of: $0)?.lowerBound, $0) }
        XCTAssertEqual(positions, positions.sorted(), text)
    }

    /// Views bound by a let or let* around a tree are named and declared as the compiled let
    /// names and declares them: by the let's group, bound when the let places the layout, named
    /// otherwise; a let*'s later bindings see the earlier ones, a let's see the layout's.
    func testLetsAroundTreesDoWhatTheirCompiledFormsDo() {
        for kind in ["let", "let*"] {
            assertSameBothWays("""
                (define a (label '((text . "outer"))))
                (\(kind) ((b (label '((text . "B")))) (c (rounded-rect-button (on 'touch-up-inside 'go:) '()))
                      (gap 0.4) (d a) (e (switch '())))
                  (in (above (hseq b c) (vseq d e (label '((text . "F")))) gap) 'self.view))
                """)
            assertSameBothWays("""
                (define a (label '((text . "outer"))))
                (\(kind) ((a (label '((text . "inner")))) (b (hseq a (label '()))))
                  (in (vseq b (label '((text . "C")))) 'self.view))
                """)
            // A let that places nothing names its views; the layout is placed after it.
            assertSameBothWays("""
                (define x 1)
                (\(kind) ((a (label '((text . "A")))) (b (label '()))) (vseq a b))
                (in (label '((text . "only"))) 'self.view)
                """)
            let many = (0..<300).map { "(v\($0) (label '((text . \"L\($0)\"))))" }.joined(separator: " ")
            let names = (0..<300).map { "v\($0)" }.joined(separator: " ")
            let text = assertSameBothWays("(define unused 0)\n(\(kind) (\(many))\n (in (vseq \(names)) 'self.view))")
            XCTAssertTrue(text.contains("v299.text = @\"L299\";"), text)
        }
    }

    /// What a let cannot bind as a tree (a name twice, a constructor's name, quote) is compiled,
    /// with the compiled let's errors and meaning; errors in a let's trees are located.
    func testLetsThatAreNotTreesAndErrorsInLets() {
        for kind in ["let", "let*"] {
            for bindings in ["(a (label '())) (a (label '()))", "(label (switch '()))", "(quote (switch '()))",
                             "(a (label '((txet . 1))))", "(a (above (label '())))", "(a (label 5))"] {
                assertSameBothWays("""
                    (define x 1)
                    (\(kind) (\(bindings) (b (label '((text . "B")))))
                      (in (vseq (label '()) b) 'self.view))
                    """)
            }
            let text = assertSameBothWays("""
                (define x 1)
                (\(kind) ((a (label '())))
                  (in (vseq a (label '((txet . 1)))) 'self.view))
                """)
            XCTAssertTrue(text.hasPrefix("error: trees.htll:3:"), text)
        }
    }

    /// An error in an included file's tree is located in that file.
    func testAnIncludedTreesErrorIsLocatedInItsFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-trees-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "(in (vseq (label '()) (above (label '()))) 'self.view)\n".write(toFile: dir + "/part.htll", atomically: true, encoding: .utf8)
        let main = "(define x 1)\n(include \"part.htll\")\n"
        XCTAssertThrowsError(try layout(main, file: dir + "/main.htll").objectiveC(.viewDidLoad)) { error in
            XCTAssertEqual("\(error)".replacingOccurrences(of: dir, with: "DIR"),
                           "DIR/part.htll:1:23: error: above: expected 3 arguments, got 1")
        }
    }
}
