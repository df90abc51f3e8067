import Foundation
import XCTest
@testable import Scheme

/// Issue 13, part 3: R7RS library namespaces. Every library has an environment with exactly its
/// imports; import sets hide and rename (R7RS 5.2); a program's first `import` defines its
/// environment; an unknown library is an error at the `import`, located.
final class LibraryNamespaceTests: SchemeTestCase {
    var dir: URL!

    override func setUp() {
        super.setUp()
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-ns-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        scheme.runtime.searchPath = [dir.path]
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: dir)
        super.tearDown()
    }

    func write(_ path: String, _ text: String) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testOnlyHidesEverythingElse() {
        check("(import (only (scheme base) car quote)) (car '(1 2))", "1")
        XCTAssertEqual(error("(cdr '(1 2))")?.message, "unbound variable: cdr")
        XCTAssertEqual(error("(display 1)")?.message, "unbound variable: display")
        XCTAssertEqual(error("(define x 1)")?.message, "unbound variable: define")
        // `import` itself is always there, and later imports add.
        check("(import (scheme base)) (cdr '(1 2))", "(2)")
    }

    func testImportSetsRenameAndHideAsR7RSSays() {
        check("(import (prefix (scheme base) b:)) (b:car (b:list 1 2))", "1")
        XCTAssertEqual(error("(car (b:list 1 2))")?.message, "unbound variable: car")
        let s = Scheme()
        XCTAssertEqual(s.write(try! s.evaluate("(import (rename (only (scheme base) car cdr quote) (car cdr) (cdr car))) (car '(1 2))")), "(2)")
        let t = Scheme()
        XCTAssertEqual(t.write(try! t.evaluate("""
            (import (prefix (except (scheme base) car) s:) (only (scheme base) quote))
            (s:cadr '(1 2))
            """)), "2")
        XCTAssertThrowsError(try t.evaluate("s:car"))
        // Naming what the set lacks is an error, and the failed import binds nothing.
        let u = Scheme()
        XCTAssertThrowsError(try u.evaluate("(import (only (scheme base) car no-such-thing))")) { e in
            XCTAssertEqual((e as? SchemeError)?.message, "import: only: no-such-thing is not in the import set")
        }
        XCTAssertThrowsError(try u.evaluate("(import (except (scheme base) nope))"))
        XCTAssertThrowsError(try u.evaluate("(import (rename (scheme base) (nope yes)))"))
        XCTAssertThrowsError(try u.evaluate("(import (scheme write) (srfi 13)) (display 1)"))
    }

    func testAProgramWithoutImportKeepsTheDefaults() {
        check("(list (string-upcase \"a\") (exact (floor 2.5)) (hash-table? (make-equal-hash-table)))", #"("A" 2 #t)"#)
        XCTAssertTrue(output("(display 'hi)").hasPrefix("hi"))
    }

    func testUnknownLibrariesAreErrorsAtTheImportWithItsLocation() {
        let e = error("(define x 1)\n\n  (import (srfi 13))", fileName: "prog.scm")
        XCTAssertEqual(e?.file, "prog.scm")
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.column, 11, "at the library's name in the import")
        XCTAssertEqual(e?.message.hasPrefix("import: library (srfi 13) not found"), true, e?.message ?? "")
        XCTAssertNotNil(error("(import (srfi 2))"))
        XCTAssertNotNil(error("(import (scheme nonsense))"))
        XCTAssertEqual(error("(import (\"str\"))")?.message.hasPrefix("import: a library name part"), true)
        check("(cond-expand ((library (srfi 13)) 'have) (else 'missing))", "missing")
        check("(cond-expand ((library (scheme complex)) 'have) (else 'missing))", "have")
    }

    func testTheStandardLibraryTableNamesOnlyBoundNames() {
        for (name, words) in standardLibraries {
            for word in words.split(whereSeparator: \.isWhitespace) {
                XCTAssertNotNil(scheme.runtime.system.peek(scheme.runtime.intern(String(word))),
                                "(\(name)) exports \(word), which the system does not bind")
            }
        }
    }

    func testLibrariesKeepTheirDefinitionsToThemselves() throws {
        try write("shapes/area.sld", """
            (define-library (shapes area)
              (export square-area twice-area (rename helper public-helper))
              (import (scheme base))
              (begin
                (define secret 3)
                (define (helper x) (* x secret))
                (define (square-area s) (* s s))
                ;; A macro that uses a helper the library does not export.
                (define-syntax twice-area
                  (syntax-rules () ((_ s) (* 2 (helper-area s)))))
                (define (helper-area s) (square-area s))))
            """)
        check("(import (scheme base) (shapes area)) (list (square-area 3) (twice-area 3) (public-helper 2))", "(9 18 6)")
        XCTAssertEqual(error("secret")?.message, "unbound variable: secret")
        XCTAssertEqual(error("helper-area")?.message, "unbound variable: helper-area")
        XCTAssertEqual(error("helper")?.message, "unbound variable: helper")
        // The importer's own helper-area and secret change nothing the library does.
        check("(define (helper-area s) 'mine) (define secret 100) (list (twice-area 3) (public-helper 2))", "(18 6)")
    }

    func testALibrarySeesExactlyItsImports() throws {
        try write("narrow/lib.sld", """
            (define-library (narrow lib)
              (export show size)
              (import (scheme base))
              (begin
                (define (show x) (display x))
                (define (size l) (length l))))
            """)
        check("(import (scheme base) (narrow lib)) (size '(1 2 3))", "3")
        XCTAssertEqual(error("(show 1)")?.message, "unbound variable: display")
        try write("bare/lib.sld", "(define-library (bare lib) (export x) (begin (define x 1)))")
        XCTAssertEqual(error("(import (bare lib))")?.message, "unbound variable: define")
        // An embedder's definition is the top level's, not a library's.
        scheme.define("host-value", value: .fixnum(7))
        try write("host/lib.sld", "(define-library (host lib) (export get) (import (scheme base)) (begin (define (get) host-value)))")
        check("host-value", "7")
        XCTAssertEqual(error("(import (host lib)) (get)")?.message, "unbound variable: host-value")
    }

    func testAnImportedVariableFollowsItsLibrary() throws {
        try write("count/er.sld", """
            (define-library (count er)
              (export count bump!)
              (import (scheme base))
              (begin
                (define count 0)
                (define (bump!) (set! count (+ count 1)))))
            """)
        check("(import (scheme base) (count er)) (bump!) (bump!) count", "2")
        // Assigning it makes it the program's own: the library keeps counting its own.
        check("(set! count 100) (bump!) count", "100")
        try write("count/user.sld", """
            (define-library (count user) (export read-count) (import (scheme base) (count er))
              (begin (define (read-count) count)))
            """)
        check("(import (count user)) (bump!) (read-count)", "4")
    }

    func testDefineLibraryDeclarations() throws {
        try write("decl/body.scm", "(define (from-include) 'included)")
        try write("decl/BODY-CI.SCM", "(DEFINE (FROM-INCLUDE-CI) 'CI)")
        try write("decl/decls.scm", "(export from-decls) (begin (define from-decls 'decls))")
        try write("decl/lib.sld", """
            (define-library (decl lib)
              (export from-include from-include-ci which)
              (import (scheme base))
              (include "body.scm")
              (include-ci "BODY-CI.SCM")
              (include-library-declarations "decls.scm")
              (cond-expand
                ((library (scheme base)) (begin (define which 'has-base)))
                (else (begin (define which 'no-base)))))
            """)
        check("(import (scheme base) (decl lib)) (list (from-include) (from-include-ci) which from-decls)", "(included ci has-base decls)")
    }

    func testBadLibrariesAreErrors() throws {
        try write("loop/a.sld", "(define-library (loop a) (export x) (import (scheme base) (loop a)) (begin (define x 1)))")
        XCTAssertEqual(error("(import (loop a))")?.message, "import: library (loop a) imports itself (a cycle of imports)")
        try write("miss/x.sld", "(define-library (miss x) (export nothing-here) (import (scheme base)))")
        XCTAssertEqual(error("(import (miss x))")?.message,
                       "define-library: (miss x) exports nothing-here, which it neither defines nor imports")
        try write("wrong/name.sld", "(define-library (other name) (export) (import (scheme base)))")
        XCTAssertEqual(error("(import (wrong name))")?.message.hasSuffix("does not define the library (wrong name)"), true)
        // An error in a library's body reaches the import, with the body's location.
        try write("boom/lib.sld", "(define-library (boom lib) (export x) (import (scheme base))\n  (begin (define x (car 1))))")
        let e = error("(import (boom lib))")
        XCTAssertEqual(e?.message.hasPrefix("car: expected a pair"), true, e?.message ?? "")
        XCTAssertEqual(e?.file?.hasSuffix("boom/lib.sld"), true, e?.file ?? "")
        XCTAssertEqual(e?.line, 2)
    }

    /// Loading runs the library's forms one after another while Swift holds the rest (issue 13's
    /// `(gc2 foo)`): a collection at every safe point must not free them.
    func testLoadingALibraryUnderCollectionStress() throws {
        try write("gc2/foo.sld", """
            (define-library (gc2 foo) (export x n) (import (scheme base))
              (begin (define n (length (make-list 3000 'z))))
              (begin (define x (list 'a 'b 'c))))
            """)
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("(import (scheme base) (gc2 foo)) (list x n)", "((a b c) 3000)")
    }

    func testLibrariesDefinedInTheProgram() {
        check("""
            (define-library (inline stack)
              (export make-stack push! top)
              (import (scheme base))
              (begin
                (define (make-stack) (list '()))
                (define (push! s x) (set-car! s (cons x (car s))))
                (define (top s) (caar s))))
            (import (inline stack))
            (let ((s (make-stack))) (push! s 'a) (push! s 'b) (top s))
            """, "b")
        XCTAssertEqual(error("make-stack-internal")?.message, "unbound variable: make-stack-internal")
    }

    func testEnvironmentsForEval() {
        check("(eval '(car '(1 2)) (environment '(only (scheme base) car quote)))", "1")
        XCTAssertEqual(error("(eval '(cdr '(1 2)) (environment '(only (scheme base) car quote)))")?.message,
                       "unbound variable: cdr")
        check("(define x 42) (eval 'x (interaction-environment))", "42")
        check("(eval '(if #t 'yes 'no) (scheme-report-environment 5))", "yes")
        XCTAssertEqual(error("(eval '(car '(1)) (null-environment 5))")?.message, "unbound variable: car")
        check("(let ((env (environment '(scheme base)))) (eval '(define y 5) env) (eval '(* y 2) env))", "10")
        XCTAssertEqual(error("y")?.message, "unbound variable: y")
        XCTAssertEqual(error("(eval 1 'not-an-environment)")?.message, "eval: expected an environment, got")
    }

    func testLetSyntaxSplicesItsDefinitions() {
        // Made only of definitions, a let-syntax splices them (R6RS): into a body, or the top level.
        check("""
            (define (f)
              (let-syntax ((double (syntax-rules () ((_ x) (* 2 x)))))
                (define a (double 21))
                (define-values (b c) (values 1 2)))
              (list a b c))
            (f)
            """, "(42 1 2)")
        check("(letrec-syntax ((one (syntax-rules () ((_) 1)))) (define top-one (one))) top-one", "1")
        // One that ends with an expression is a body of its own (R7RS; chibi's suite checks it).
        check("(let () (define x 1) (let-syntax () (define x 2) #f) x)", "1")
    }

    func testTheTopLevelNamesForCompletion() {
        let names = Dictionary(scheme.topLevelNames.map { ($0.name, $0.isSyntax) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(names["car"], false)
        XCTAssertEqual(names["define"], true)
        XCTAssertEqual(names["import"], true)
        XCTAssertNil(names["%winders"])
        check("(import (prefix (only (scheme base) car) my:))", "")
        XCTAssertTrue(scheme.topLevelNames.contains { $0.name == "my:car" })
    }
}
