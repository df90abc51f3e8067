import XCTest
@testable import Scheme

/// Boxes and closures' captured values in pair cells (`Closure`, the VM's box opcodes): a box is a
/// cell whose car holds the variable, a closure keeps one or two captured values in a cell and more
/// in a buffer of its own; the collector keeps the cells while the closure lives and frees them
/// with it.
final class ClosureCellTests: SchemeTestCase {
    private let makers = """
    (define (capture-1 a) (lambda () a))
    (define (capture-2 a b) (lambda () (list a b)))
    (define (capture-3 a b c) (lambda () (list a b c)))
    (define (capture-6 a b c d e f) (lambda () (list a b c d e f)))
    (define (counter start)
      (let ((n start) (log '()))
        (lambda (step)
          (set! n (+ n step))
          (set! log (cons (number->string n) log))
          (list n log))))
    (define (churn) (let loop ((i 0)) (if (< i 500) (begin (list i (string #\\g)) (loop (+ i 1))))))
    """

    /// With a collection at every safe point (three in four minor, each checked for missed write
    /// barriers), closures capturing one, two, three and six values keep them, and boxed variables
    /// assigned fresh values after their closure became old keep those.
    func testCapturedValuesAndBoxesSurviveCollections() {
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check(makers + """
        (define (run)
          (let* ((one (capture-1 (string #\\a)))
                 (two (capture-2 (list 1 2) (string #\\b)))
                 (three (capture-3 'x (vector (list 3)) (string #\\c)))
                 (six (capture-6 1 (list 2) "3" (string #\\4) (vector 5) (cons 6 6)))
                 (c (counter 0)))
            (churn)
            (c 1)
            (collect-garbage)
            (churn)
            (c 10)
            (churn)
            (list (one) (two) (three) (six) (c 100))))
        (run)
        """, #"("a" ((1 2) "b") (x #((3)) "c") (1 (2) "3" "4" #(5) (6 . 6)) (111 ("111" "11" "1")))"#)
    }

    /// A box is no Swift object: a loop that makes a counter (a closure and the boxes of its two
    /// variables) an iteration adds one object an iteration. A counter holds four cells (the two
    /// boxes, the closure's captured values, and its cell of the list): kept while reachable,
    /// freed once not.
    func testCellsAreKeptAndFreedWithTheirClosures() throws {
        let heap = scheme.runtime.heap
        try scheme.evaluate(makers + "(define keep #f)")
        scheme.runtime.collectGarbage()
        let base = heap.objectCount
        let objectsBefore = heap.objects.count
        try scheme.evaluate("(set! keep (let loop ((i 0) (acc '())) (if (< i 1000) (loop (+ i 1) (cons (counter i) acc)) acc)))")
        XCTAssertLessThan(heap.objects.count - objectsBefore, 1100, "one object a counter, not two")
        scheme.runtime.collectGarbage()
        XCTAssertGreaterThanOrEqual(heap.objectCount - base, 5000, "a closure and four cells a counter")
        XCTAssertEqual(scheme.write(try scheme.evaluate("(map (lambda (c) (car (c 1))) (list-tail keep 997))")), "(3 2 1)")
        try scheme.evaluate("(set! keep #f)")
        scheme.runtime.collectGarbage()
        XCTAssertLessThan(heap.objectCount - base, 50, "the counters' cells were freed with them")
    }
}
