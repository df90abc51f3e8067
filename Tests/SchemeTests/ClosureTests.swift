import XCTest
@testable import Scheme

/// Closures as runs of pair cells (`Closure`): the code block in slot 0, captured values after it,
/// no Swift object; kept by every place that holds one (the stack, frames, continuations,
/// `case-lambda`, vectors, hash tables, globals) through collections, and freed with no sweep.
final class ClosureTests: SchemeTestCase {
    /// The VM reads a closure's code as the payload of slot 0 without testing the tag: the layout
    /// that relies on (a `Value.object` keeps the object's address in its first eight bytes), and
    /// the cell count in the head that the collector marks.
    func testLayoutTheVMReliesOn() throws {
        let code = try XCTUnwrap(try scheme.evaluate("(lambda (a b) (+ a b))").asClosure).code
        let heap = scheme.runtime.heap
        for n in [0, 1, 2, 3, 7, CellRun.farIndex, CellRun.farIndex + 1, 600] {
            let values = (0..<n).map { Value.fixnum($0 * 3) }
            let c = values.withUnsafeBufferPointer { Closure.make(code: Unmanaged.passUnretained(code), captured: $0, in: heap) }
            XCTAssertEqual(c.codeRef.toOpaque(), Unmanaged.passUnretained(code).toOpaque(), "\(n) values")
            guard case .object(let o) = c.run.cell.loadUnaligned(as: Value.self) else { return XCTFail("slot 0 is not the code") }
            XCTAssertEqual(o.toOpaque(), Unmanaged.passUnretained(code).toOpaque())
            XCTAssertEqual(c.run.cellCount, CellRun.cells(min(n, CellRun.farIndex + 1) + 1), "\(n) values")
            XCTAssertLessThanOrEqual(c.run.cellCount, CellRun.longestInCells)
            for i in [0, 1, n / 2, CellRun.farIndex - 1, CellRun.farIndex, n - 1] where i >= 0 && i < n {
                XCTAssertTrue(c.captured(i).isEq(.fixnum(i * 3)), "value \(i) of \(n)")
            }
        }
    }

    /// With a collection at every safe point (three in four minor, each checked for missed write
    /// barriers), closures held by every kind of holder keep their captured values: in a vector and
    /// a hash table made before them (old when the closures are stored), in a global, behind a
    /// `case-lambda`, in a continuation's saved frames, and in frames of a deep non-tail recursion.
    func testClosuresHeldEverywhereSurviveCollections() {
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("""
        (define (churn) (let loop ((i 0)) (if (< i 300) (begin (list i (string #\\g)) (loop (+ i 1))))))
        (define old-vector (make-vector 3 #f))
        (define old-table (make-equal-hash-table))
        (collect-garbage)
        (define (adder k) (lambda (x) (+ x (car k))))
        (vector-set! old-vector 1 (adder (list 10)))
        (hash-table-set! old-table 'f (adder (list 20)))
        (define kept (let ((s (string #\\k))) (lambda () s)))
        (define both (case-lambda ((a) (list a (string #\\1))) ((a b) (list a b (string #\\2)))))
        (define saved #f)
        (define (deep n) (if (= n 0) (begin (churn) (list ((vector-ref old-vector 1) 1))) (cons n (deep (- n 1)))))
        (define (capture) (call/cc (lambda (k) (set! saved k) 0)))
        (define result '())
        (let ((x (capture)))
          (churn)
          (set! result (cons x result))
          (if (< x 3) (saved (+ x 1))))
        (churn)
        (list ((vector-ref old-vector 1) 1) ((hash-table-ref old-table 'f (lambda () #f)) 2) (kept)
              (both 'a) (both 'a 'b) result (deep 5))
        """, #"(11 22 "k" (a "1") (a b "2") (3 2 1 0) (5 4 3 2 1 11))"#)
    }

    /// Closures are values like any other: `eq?` to themselves only, keys of an `eq?` table,
    /// procedures, written with their name, and the same closure after a collection.
    func testClosuresAsValues() {
        check("""
        (define (make) (lambda () 1))
        (define a (make))
        (define b (make))
        (define t (make-eq-hash-table))
        (hash-table-set! t a 'a)
        (hash-table-set! t b 'b)
        (collect-garbage)
        (define (named x) x)
        (list (eq? a a) (eq? a b) (eqv? a b) (equal? a a) (procedure? a) (hash-table-ref t a (lambda () #f))
              (hash-table-ref t b (lambda () #f)) named (apply a '()))
        """, "(#t #f #f #t #t a b #<procedure named> 1)")
    }

    /// A closure's cells are freed with it: making 100,000 closures that are dropped at once
    /// leaves the heap, after a collection, as it was.
    func testDroppedClosuresAreFreed() throws {
        let heap = scheme.runtime.heap
        try scheme.evaluate("(define (make k) (lambda () k))")
        scheme.runtime.collectGarbage()
        let before = heap.objectCount
        try scheme.evaluate("(let loop ((i 0)) (if (< i 100000) (begin (make i) (loop (+ i 1)))))")
        scheme.runtime.collectGarbage()
        XCTAssertLessThan(heap.objectCount - before, 100)
    }
}
