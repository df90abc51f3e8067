import XCTest
@testable import Scheme

/// `cons` reuses the cells of pairs the last collection did not reach (`Heap+Pairs.swift`): what it
/// reuses must really be unreachable, and what survives must keep its contents.
final class PairReuseTests: SchemeTestCase {
    /// Garbage pairs' cells are reused (the heap stays at a few blocks while 1.2 million pairs are
    /// made), and lists that live across many collections that recycle cells around them keep
    /// every element.
    func testDeadPairsAreReusedAndLiveOnesKept() throws {
        try scheme.evaluate("""
        (define kept '())
        (define (churn n)
          (do ((i 0 (+ i 1))) ((= i n))
            (let ((garbage (list i i i i)))
              (if (= 0 (remainder i 1000)) (set! kept (cons (list i (car garbage)) kept))))))
        """)
        try scheme.evaluate("(churn 10)")
        scheme.runtime.collectGarbage()
        let blocks = scheme.runtime.heap.pairBlockCount
        check("(churn 300000) (length kept)", "301")
        // 1.2 million pairs would fill 110 blocks; a collection at every nursery's worth of
        // allocation (8 MB: 32 blocks) needs that many and a few more.
        let nurseryBlocks = scheme.runtime.heap.regularThreshold / Heap.pairBlockBytes
        XCTAssertLessThan(nurseryBlocks, 60)
        XCTAssertLessThan(scheme.runtime.heap.pairBlockCount, blocks + nurseryBlocks + 4)
        check("(let loop ((l kept) (ok #t)) (if (null? l) ok (loop (cdr l) (and ok (= (caar l) (cadar l))))))", "#t")
        check("(map car (list-tail kept 295))", "(4000 3000 2000 1000 0 0)")
        XCTAssertGreaterThan(scheme.runtime.heap.collections, 1)
    }

    /// At a collection at every safe point, cycles, shared structure and `equal?` on them come out
    /// right while the pairs around them are recycled.
    func testCyclesAndSharingUnderStress() {
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("""
        (define (ring n) (let ((l (iota n))) (set-cdr! (list-tail l (- n 1)) l) l))
        (define (walk l k) (if (= k 0) (car l) (walk (cdr l) (- k 1))))
        (let loop ((i 0) (acc '()))
          (if (= i 200)
              (list (length acc) (walk (car acc) 1001) (walk (list-ref acc 150) 9))
              (loop (+ i 1) (cons (ring (+ 3 (remainder i 5))) (begin (ring 10) acc)))))
        """, "(200 0 2)")
        check("""
        (define shared (list 1 2 3))
        (define a (list shared (vector shared) shared))
        (define b (list (list 1 2 3) (vector (list 1 2 3)) (list 1 2 3)))
        (let loop ((i 0)) (if (< i 500) (begin (cons i i) (loop (+ i 1)))))
        (list (equal? a b) (eq? (car a) (caddr a)) (eq? (car b) (caddr b)))
        """, "(#t #t #f)")
        check("""
        (define c (list 'a 'b))
        (set-cdr! (cdr c) c)
        (define d (list 'a 'b))
        (set-cdr! (cdr d) d)
        (let loop ((i 0)) (if (< i 500) (begin (list i i i) (loop (+ i 1)))))
        (list (equal? c d) (eq? (cddr c) c))
        """, "(#t #t)")
    }

    /// A pair the host keeps with `retain` keeps its cell across top-level calls that collect and
    /// allocate; released, its cell goes back to `cons`.
    func testRetainedPairIsNotReused() throws {
        let v = try scheme.evaluate("(cons 'held 'pair)")
        guard case .pair(let held) = v else { return XCTFail("not a pair") }
        let handle = scheme.retain(v)
        scheme.runtime.collectGarbage()
        try scheme.evaluate("(let loop ((i 0)) (if (< i 100000) (begin (cons i i) (loop (+ i 1)))))")
        scheme.runtime.collectGarbage()
        XCTAssertEqual(scheme.write(held.car), "held")
        XCTAssertEqual(scheme.write(held.cdr), "pair")
        scheme.release(handle)
        scheme.runtime.collectGarbage()
        var reused = false
        for i in 0..<(2 * Heap.pairCellsPerBlock) where !reused {
            if case .pair(let p) = scheme.runtime.heap.cons(.fixnum(i), .null), p == held { reused = true }
        }
        XCTAssertTrue(reused, "the released pair's cell was never handed out again")
    }

    /// `list` and `cons*` build their lists straight from the arguments, in order.
    func testListAndConsStar() {
        check("(list (list) (list 1) (list 1 2 3) (apply list (iota 5)) (cons* 1) (cons* 1 2) (cons* 1 2 '(3 4)))",
              "(() (1) (1 2 3) (0 1 2 3 4) 1 (1 . 2) (1 2 3 4))")
        check("(let ((l (apply list (iota 1000)))) (list (length l) (list-ref l 999) (equal? l (iota 1000))))", "(1000 999 #t)")
        XCTAssertEqual(error("(cons*)")?.message, "cons*: expected at least 1 argument, got 0")
    }

    /// `c[ad]+r` applies its letters right to left and names itself in errors.
    func testCxrPaths() {
        check("(list (cadr '(1 2 3)) (cddr '(1 2 3)) (caar '((1) 2)) (cdar '((1 . 5))) (caddr '(1 2 3)) (cadddr '(1 2 3 4)))",
              "(2 (3) 1 5 3 4)")
        check("(list (cdadr '(1 (2 3))) (caadr '(1 (2))) (cddddr '(1 2 3 4 5)) (caaaar '((((x))))))", "((3) 2 (5) x)")
        check("(map cadr '((a 1) (b 2)))", "(1 2)")
        XCTAssertEqual(error("(cadr '(1))")?.message, "cadr: expected a pair, got")
        XCTAssertEqual(error("(caddr 5)")?.message, "caddr: expected a pair, got")
        XCTAssertEqual(error("(car '())")?.message, "car: expected a pair, got")
        XCTAssertEqual(error("(apply cdr '(7))")?.message, "cdr: expected a pair, got")
    }
}
