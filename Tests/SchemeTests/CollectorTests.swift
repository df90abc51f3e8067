import XCTest
@testable import Scheme

final class CollectorTests: SchemeTestCase {
    /// Cycles (mutually recursive internal definitions, circular lists) are reclaimed.
    func testCyclesAreCollected() throws {
        try scheme.evaluate("""
        (define (make-cycle n)
          (define (ping k) (if (= k 0) n (pong (- k 1))))
          (define (pong k) (if (= k 0) n (ping (- k 1))))
          (let ((l (list n n n)))
            (set-cdr! (cddr l) l)
            (cons ping l)))
        (define (churn count) (do ((i 0 (+ i 1))) ((= i count) 'ok) (make-cycle i)))
        """)
        try scheme.evaluate("(churn 1000)")
        scheme.runtime.collectGarbage()
        let baseline = scheme.runtime.heap.objectCount
        try scheme.evaluate("(churn 50000)")
        scheme.runtime.collectGarbage()
        let after = scheme.runtime.heap.objectCount
        XCTAssertLessThan(after, baseline + 1000, "objects before \(baseline), after \(after)")
        XCTAssertGreaterThan(scheme.runtime.heap.collections, 0)
    }

    /// Under stress mode every safe point collects; programs must still compute the right answers.
    func testStressModeKeepsEverythingReachable() {
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("(define (build n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons (vector i (list i)) acc))))) (length (build 200))", "200")
        check("(let ((v (make-vector 3 'x))) (map (lambda (i) (list i (vector-ref v i))) '(0 1 2)))", "((0 x) (1 x) (2 x))")
        check("(define k #f) (define n 0) (+ 100 (call/cc (lambda (c) (set! k c) 1)))", "101")
        check("(guard (e (#t (list 'caught e))) (map (lambda (x) (if (= x 3) (raise (list x 'bad)) x)) '(1 2 3)))", "(caught (3 bad))")
        check("(apply string-append (map (lambda (i) (number->string i)) (iota 10)))", "\"0123456789\"")
    }

    /// A continuation captured in each iteration of a loop does not keep the previous iteration's
    /// (the loop's frame slot held it when the next was captured): live memory stays constant.
    func testContinuationsCapturedInALoopAreFreed() throws {
        let s = Scheme(limits: .init(heapBytes: 16 << 20))
        let loops = [
            "(let loop ((i 0)) (if (< i 200000) (let ((k (call/cc (lambda (k) k)))) (loop (+ i 1))) 'done))",
            "(do ((i 0 (+ i 1))) ((= i 200000) 'done) (let* ((k (call/cc (lambda (k) k))) (j k)) j))",
            "(let loop ((i 0)) (define k (call/cc (lambda (k) k))) (if (< i 200000) (loop (+ i 1)) 'done))",
        ]
        for loop in loops {
            XCTAssertEqual(s.write(try s.evaluate(loop)), "done", loop)
            XCTAssertLessThan(s.runtime.heap.liveBytes, 4 << 20, loop)
        }
    }

    /// Values kept by `retain` survive collections until released.
    func testRetainedValuesSurvive() throws {
        let v = try scheme.evaluate("(list 1 2 3)")
        let h = scheme.retain(v)
        try scheme.evaluate("(let loop ((i 0)) (if (< i 100000) (begin (cons i i) (loop (+ i 1)))))")
        scheme.runtime.collectGarbage()
        XCTAssertEqual(scheme.write(v), "(1 2 3)")
        scheme.release(h)
    }
}
