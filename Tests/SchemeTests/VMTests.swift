import XCTest
@testable import Scheme

final class VMTests: SchemeTestCase {
    func testArithmeticAndCalls() {
        check("(+ 1 2)", "3")
        check("(define (sq x) (* x x)) (sq 12)", "144")
        check("((lambda (a . rest) rest) 1 2 3)", "(2 3)")
        check("((lambda args args))", "()")
        check("(let ((x 1) (y 2)) (let ((x y) (y x)) (list x y)))", "(2 1)")
    }

    func testClosuresCaptureAndAssign() {
        check("""
        (define (make-counter)
          (let ((n 0)) (lambda () (set! n (+ n 1)) n)))
        (define c (make-counter))
        (c) (c) (c)
        """, "3")
        check("(define (adder n) (lambda (x) (+ x n))) ((adder 5) 10)", "15")
        // A loop variable captured per iteration keeps its own value.
        check("(let loop ((i 0) (acc '())) (if (= i 3) (map (lambda (f) (f)) acc) (loop (+ i 1) (cons (lambda () i) acc))))",
              "(2 1 0)")
    }

    func testProperTailCallsRunInConstantSpace() {
        // With only 1000 frames allowed, each loop below would fail if any tail call pushed a frame.
        scheme = Scheme(limits: .init(depth: 1000))
        check("(define (loop n) (if (= n 0) 'done (loop (- n 1)))) (loop 1000000)", "done")
        check("(define (ev? n) (if (= n 0) #t (od? (- n 1)))) (define (od? n) (if (= n 0) #f (ev? (- n 1)))) (ev? 1000001)", "#f")
        check("(define (a n) (cond ((= n 0) 'a) (else (a (- n 1))))) (a 100000)", "a")
        check("(define (b n) (and #t (or #f (if (= n 0) 'b (b (- n 1)))))) (b 100000)", "b")
        check("(define (c n) (when #t (unless #f (if (= n 0) 'c (c (- n 1)))))) (c 100000)", "c")
        check("(define (d n) (case n ((0) 'd) (else (d (- n 1))))) (d 100000)", "d")
        check("(define (e n) (if (= n 0) 'e (apply e (list (- n 1))))) (e 100000)", "e")
        check("(define (f n) (cond ((assv n '((0 . zero))) => cdr) (else (f (- n 1))))) (f 100000)", "zero")
        check("(do ((i 0 (+ i 1))) ((= i 100000) 'do))", "do")
        check("(define (g n) (let* ((m (- n 1))) (letrec ((h (lambda () (if (= m 0) 'g (g m))))) (h)))) (g 100000)", "g")
    }

    func testTenMillionIterationLoop() {
        scheme = Scheme(limits: .init(depth: 100))
        check("(let loop ((i 0)) (if (< i 10000000) (loop (+ i 1)) i))", "10000000")
    }

    func testDeepRecursionUsesNoSwiftStack() {
        check("(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1))))) (f 1000000)", "1000000")
    }

    func testRecursionBeyondTheLimitIsAnError() {
        scheme = Scheme(limits: .init(depth: 10_000))
        let e = error("(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1))))) (f 100000)")
        XCTAssertEqual(e?.message.hasPrefix("recursion too deep"), true, e?.description ?? "")
        // The instance is still usable.
        check("(f 100)", "100")
    }

    func testFixnumOverflowPromotesInsteadOfTrapping() {
        check("(+ 9223372036854775807 1)", "9223372036854775808")
        check("(* 4611686018427387904 4)", "18446744073709551616")
        check("(- -9223372036854775808 1)", "-9223372036854775809")
    }

    func testMultipleValues() {
        check("(call-with-values (lambda () (values 1 2 3)) list)", "(1 2 3)")
        check("(call-with-values (lambda () 5) (lambda (x) (* x x)))", "25")
        check("(let-values (((a b) (values 1 2)) ((c) (values 3))) (list a b c))", "(1 2 3)")
        check("(let ((x 1)) (let-values (((x y) (values 2 x))) (list x y)))", "(2 1)")
        check("(let*-values (((a b) (values 1 2)) ((c) (values (+ a b)))) c)", "3")
        check("(define-values (p q . r) (values 1 2 3 4)) (list p q r)", "(1 2 (3 4))")
    }

    func testTwoInstancesAreIndependent() throws {
        let a = Scheme(), b = Scheme()
        try a.evaluate("(define x 1)")
        try b.evaluate("(define x 2)")
        XCTAssertEqual(a.write(try a.evaluate("x")), "1")
        XCTAssertEqual(b.write(try b.evaluate("x")), "2")
    }
}
