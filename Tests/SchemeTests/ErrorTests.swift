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

    /// An unbound name gets the closest bound one as a suggestion, when one is close.
    func testUnboundVariablesGetASuggestion() {
        XCTAssertEqual(error("(lenght '(1 2))")?.message, "unbound variable: lenght; did you mean length?")
        XCTAssertEqual(error("(define my-total 3) (+ my-totl 1)")?.message, "unbound variable: my-totl; did you mean my-total?")
        XCTAssertEqual(error("(set! vecotr-ref 1)")?.message, "set!: unbound variable: vecotr-ref; did you mean vector-ref?")
        XCTAssertEqual(error("(zzzzqqqq)")?.message, "unbound variable: zzzzqqqq")
        // Swapped neighbours are one edit, and the same first letter wins a tie (not "table").
        XCTAssertEqual(Runtime.editDistance(Array("lable".unicodeScalars), Array("label".unicodeScalars), limit: 5), 1)
    }
}
