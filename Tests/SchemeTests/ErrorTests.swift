import XCTest
@testable import Scheme

/// Bad input gets a located Scheme error, never a Swift trap.
final class ErrorTests: SchemeTestCase {
    func testRuntimeErrorsCarryLocationAndBacktrace() {
        let e = error("(define (inner x) (car x))\n(define (outer) (list (inner 5)))\n(outer)", fileName: "t.scm")
        XCTAssertEqual(e?.description, "t.scm:1:19: error: car: expected a pair, got 5")
        XCTAssertEqual(e?.backtrace.first?.hasPrefix("inner"), true, "\(e?.backtrace ?? [])")
        XCTAssertTrue(e?.backtrace.contains { $0.hasPrefix("outer") } ?? false, "\(e?.backtrace ?? [])")
    }

    func testErrorsNameTheProcedure() {
        XCTAssertEqual(error("(vector-ref (vector 1 2) 99)")?.message, "vector-ref: index 99 out of range for vector of length 2")
        XCTAssertEqual(error("(undefined-thing)")?.message, "unbound variable: undefined-thing")
        XCTAssertEqual(error("((lambda (x) x))")?.message, "anonymous: expected 1 arguments, got 0")
        XCTAssertEqual(error("(5 5)")?.message, "not a procedure")
        XCTAssertEqual(error("(error \"custom\" 'a \"b\" 3)")?.description, "<string>:1:1: error: custom a \"b\" 3")
        XCTAssertEqual(error("(raise 'sym)")?.description, "<string>:1:1: error: uncaught exception: sym")
    }

    func testReaderErrors() {
        let e = error("(define x 1)\n(display (+ 1 2)", fileName: "u.scm")
        XCTAssertEqual(e?.kind, .read)
        XCTAssertEqual(e?.file, "u.scm")
        XCTAssertNotNil(error(")"))
    }

    func testHostileInputIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        XCTAssertNotNil(error(deep))
        let deepQuote = "'" + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        _ = try? scheme.evaluate(deepQuote)
        XCTAssertNotNil(error("(car \"\u{0}\") \u{0}"))
        let invalid = String(decoding: [0x28, 0xFF, 0xFE, 0x29] as [UInt8], as: UTF8.self)
        XCTAssertNotNil(error(invalid))
        XCTAssertNotNil(error("(vector-ref (vector) -1)"))
        XCTAssertNotNil(error("(make-vector -5)"))
        XCTAssertNotNil(error("(string-ref \"abc\" 5)"))
        XCTAssertNotNil(error("(let loop ((i 0)) (if (< i 10) (loop) 0))"))
        XCTAssertNotNil(error("(define-syntax f (syntax-rules () ((_ x) (f x)))) (f 1)"))
        check("(+ 1 1)", "2")
    }

    func testExitIsReportedNotPerformed() {
        let e = error("(exit 3)")
        XCTAssertEqual(e?.kind, .exit)
        XCTAssertEqual(e?.exitCode, 3)
    }

    /// `exit` takes at most one argument: more is an error, not an exit.
    func testExitArity() {
        for call in ["(exit 1 2)", "(emergency-exit 0 #t 3)"] {
            let e = error(call)
            XCTAssertEqual(e?.kind, .error, call)
            XCTAssertTrue(e?.message.hasSuffix("expected 0 to 1 arguments, got \(call == "(exit 1 2)" ? 2 : 3)") ?? false,
                          "\(call): \(e?.description ?? "")")
        }
        check("(guard (e (#t 'caught)) (exit 1 2))", "caught")
    }

    /// `,@` splices into a list or vector; with none around it, it is a syntax error.
    func testUnquoteSplicingOutsideAListIsAnError() {
        let e = error("`,@(list 1 2)", fileName: "q.scm")
        XCTAssertEqual(e?.description, "q.scm:1:2: error: unquote-splicing: not inside a list or vector (unquote-splicing (list 1 2))")
        check("`(0 ,@(list 1 2) #(,@(list 3)))", "(0 1 2 #(3))")
        check("`(1 `,@(2 ,(+ 1 2)))", "(1 (quasiquote (unquote-splicing (2 3))))")
    }

    /// A `define-values` whose expression returns the wrong number of values says so.
    func testDefineValuesCountMismatch() {
        XCTAssertEqual(error("(define-values (a b) (values 1 2 3))", fileName: "d.scm")?.description,
                       "d.scm:1:1: error: define-values: expected 2 values, got 3")
        XCTAssertEqual(error("(define-values (a) (values))")?.message, "define-values: expected 1 value, got 0")
        XCTAssertEqual(error("(define-values (a b . c) (values 1))")?.message, "define-values: expected at least 2 values, got 1")
        XCTAssertEqual(error("(define-values () 1)")?.message, "define-values: expected 0 values, got 1")
        check("(define-values (a b . c) (values 1 2 3 4)) (list a b c)", "(1 2 (3 4))")
        check("(let () (define-values (x y) (values 1 2)) (define-values z (values 3 4)) (list x y z))", "(1 2 (3 4))")
    }

    /// An uncaught error prints its irritants cut to a readable size, however large they are.
    func testIrritantsAreTruncated() {
        let e = error("(error \"too big:\" (make-list 1000000 'x) (make-string 100000 #\\y) 'z)")
        let total = e?.irritants.reduce(0) { $0 + $1.utf8.count } ?? 0
        XCTAssertLessThan(total, 2_100, e?.irritants.map { String($0.prefix(40)) }.description ?? "")
        XCTAssertEqual(e?.irritants.first?.hasPrefix("(x x x"), true)
        XCTAssertEqual(e?.irritants.first?.hasSuffix("..."), true)
        XCTAssertEqual(e?.irritants.last, "...")
        XCTAssertEqual(error("(error \"small\" '(1 2) \"three\")")?.description, "<string>:1:1: error: small (1 2) \"three\"")
    }
}
