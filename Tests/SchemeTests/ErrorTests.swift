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
        XCTAssertEqual(error("((lambda (x) x))")?.message, "anonymous: expected 1 argument, got 0")
        // One argument, and more than one, each spelled as such, for closures and builtins alike.
        XCTAssertEqual(error("((lambda (x . y) x))")?.message, "anonymous: expected at least 1 argument, got 0")
        XCTAssertEqual(error("((lambda (x y . z) x))")?.message, "anonymous: expected at least 2 arguments, got 0")
        XCTAssertEqual(error("(define (f x y) x) (f 1)")?.message, "f: expected 2 arguments, got 1")
        XCTAssertEqual(error("(car 1 2)")?.message, "car: expected 1 argument, got 2")
        XCTAssertEqual(error("(cons 1)")?.message, "cons: expected 2 arguments, got 1")
        XCTAssertEqual(error("(string-copy)")?.message, "string-copy: expected 1 to 3 arguments, got 0")
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

    /// Errors carry their location as a value: `%error-at` raises one at a given place, and
    /// `error-object-location` reads it back; the message text holds no location.
    func testErrorLocationsAreValues() {
        // `%error-at` is the preludes' own (user code cannot reach `%` names): the test imports it.
        let id = scheme.runtime.intern("%error-at")
        guard let binding = scheme.runtime.system.peek(id) else { return XCTFail("no %error-at") }
        scheme.runtime.interaction.importBinding(id, binding)
        let e = error("(%error-at '(\"My Files: v2/a b.scm\" 3 4) \"boom\" 'x)")
        XCTAssertEqual(e?.file, "My Files: v2/a b.scm")
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.column, 4)
        XCTAssertEqual(e?.message, "boom")
        XCTAssertEqual(e?.description, "My Files: v2/a b.scm:3:4: error: boom x")
        check("(guard (e (#t (error-object-location e))) (%error-at '(\"f: g.scm\" 7 1) \"m\"))", "(\"f: g.scm\" 7 1)")
        check("(guard (e (#t (error-object-location e))) (%error-at '(\"whole file.scm\" 0 0) \"m\"))", "(\"whole file.scm\" 0 0)")
        XCTAssertEqual(error("(%error-at '(\"whole file.scm\" 0 0) \"m\")")?.description, "whole file.scm: error: m")
        // Without a location, the raise is located at its call, like `error`.
        check("(guard (e (#t (error-object-location e))) (car 1))", "(\"<string>\" 1 43)")
        XCTAssertEqual(error("(define (f) (%error-at #f \"here\"))\n(f)", fileName: "t.scm")?.description,
                       "t.scm:1:13: error: here")
    }

    /// An expression nested deeper than the expander allows is an error at the innermost form
    /// that has a location, in a file whose name has spaces and colons.
    func testNestingTooDeepIsLocated() {
        let deep = "(define x 1)\n(display " + String(repeating: "(+ 1 ", count: 3_000) + "1" + String(repeating: ")", count: 3_001)
        let e = error(deep, fileName: "My Files: v2/deep file.scm")
        XCTAssertEqual(e?.file, "My Files: v2/deep file.scm")
        XCTAssertEqual(e?.line, 2)
        XCTAssertGreaterThan(e?.column ?? 0, 1)
        XCTAssertEqual(e?.message.hasPrefix("expression nested too deeply"), true, e?.description ?? "")
        let quoted = "`" + String(repeating: "(a ", count: 3_000) + String(repeating: ")", count: 3_000)
        XCTAssertEqual(error(quoted, fileName: "q: file.scm")?.locationText.hasPrefix("q: file.scm:1:"), true)
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
