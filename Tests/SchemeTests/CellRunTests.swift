import XCTest
@testable import Scheme

/// Boxes, closures and records in pair cells (`CellRun`, the VM's box opcodes): a box is a cell
/// whose car holds the variable, a closure and a record are runs of adjacent cells, two values a
/// cell (values past `CellRun.farIndex` in a vector); the collector keeps the cells while the
/// object is reached and frees them with it.
final class CellRunTests: SchemeTestCase {
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

    /// Records of one to seven fields, closures of seven captured values, and a closure and a
    /// record of 600 values (the last in a vector) keep their values through collections at every
    /// safe point, fields set after the record became old included.
    func testRunsOfEveryLengthSurviveCollections() {
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        let names = (0..<600).map { "v\($0)" }
        let bindings = names.enumerated().map { "(\($1) (list \($0)))" }.joined(separator: " ")
        let specs = names.dropLast().map { "(\($0) wide-\($0))" }.joined(separator: " ")
        let wide = "(define-record-type wide (make-wide \(names.joined(separator: " "))) wide? \(specs) (v599 wide-last set-wide-last!))"
        check("""
        (define-record-type r1 (make-r1 a) r1? (a r1-a set-r1-a!))
        (define-record-type r2 (make-r2 a b) r2? (a r2-a) (b r2-b set-r2-b!))
        (define-record-type r5 (make-r5 a b c d e) r5? (a r5-a) (b r5-b) (c r5-c) (d r5-d) (e r5-e set-r5-e!))
        (define-record-type r7 (make-r7 a b c d e f g) r7?
          (a r7-a) (b r7-b) (c r7-c) (d r7-d) (e r7-e) (f r7-f) (g r7-g set-r7-g!))
        (define-record-type partial (make-partial c a) partial? (a partial-a) (b partial-b set-partial-b!) (c partial-c))
        \(wide)
        (define (churn) (let loop ((i 0)) (if (< i 300) (begin (list i (string #\\g)) (loop (+ i 1))))))
        (define (capture-7 a b c d e f g) (lambda () (list a b c d e f g)))
        (define (run)
          (let ((one (make-r1 (string #\\a)))
                (two (make-r2 (list 1) (string #\\b)))
                (five (make-r5 1 2 3 4 (list 5)))
                (seven (make-r7 (list 1) 2 3 4 5 6 (list 7)))
                (part (make-partial (list 'c) (list 'a)))
                (c7 (capture-7 1 (list 2) 3 4 5 6 (string #\\7)))
                (big (let (\(bindings))
                       (lambda () (let ((l (list \(names.joined(separator: " ")))))
                                    (list (car l) (list-ref l 299) (list-ref l 599))))))
                (w (make-wide \(names.map { "(list '\($0))" }.joined(separator: " ")))))
            (collect-garbage)
            (churn)
            (set-r1-a! one (string #\\A))
            (set-r2-b! two (list 'b))
            (set-r5-e! five (vector 'e))
            (set-r7-g! seven (list 'g))
            (set-partial-b! part (list 'b))
            (set-wide-last! w (list 'last))
            (churn)
            (list (r1-a one) (r2-a two) (r2-b two) (r5-a five) (r5-d five) (r5-e five) (r7-a seven) (r7-g seven)
                  (partial-a part) (partial-b part) (partial-c part) (c7) (big) (wide-v0 w) (wide-v300 w) (wide-last w))))
        (run)
        """, #"("A" (1) (b) 1 4 #(e) (1) (g) (a) (b) (c) (1 (2) 3 4 5 6 "7") ((0) (299) (599)) (v0) (v300) (last))"#)
    }

    /// Neither a box nor a closure is a Swift object: a loop that makes a counter (a closure and
    /// the boxes of its two variables) an iteration adds no object. A counter holds five cells (the
    /// two boxes, the closure's two: its code and captured values, and its cell of the list): kept
    /// while reachable, freed once not.
    func testCellsAreKeptAndFreedWithTheirClosures() throws {
        try checkKeptAndFreed(defining: makers, each: "(counter i)", count: 1000, cells: 5,
                              probe: "(map (lambda (c) (car (c 1))) (list-tail keep 997))", gives: "(3 2 1)")
    }

    /// A record refers to its type unretained, so the type lives in the heap as long as any of its
    /// records or procedures does: here only the constructor is kept, a collection runs before the
    /// record is made, and the record outlives its constructor.
    func testARecordKeepsItsTypeAfterItsProceduresAreGone() throws {
        try scheme.evaluate("""
        (define make (let () (define-record-type <point> (make-point x y) point? (x point-x) (y point-y)) make-point))
        """)
        scheme.runtime.collectGarbage()
        try scheme.evaluate("(define p (make 1 2))")
        try scheme.evaluate("(set! make #f)")
        scheme.runtime.collectGarbage()
        try scheme.evaluate("(let loop ((i 0)) (if (< i 20000) (begin (vector i (string #\\x)) (loop (+ i 1)))))")
        scheme.runtime.collectGarbage()
        // (Compared by address only: without the heap's reference the type would be freed.)
        guard case .record(let record) = try scheme.evaluate("p") else { return XCTFail("p is not a record") }
        XCTAssertTrue(scheme.runtime.heap.objects.contains { $0.toOpaque() == record.typeRef.toOpaque() },
                      "the heap still owns the record's type")
        XCTAssertEqual(scheme.write(try scheme.evaluate("p")), "#<point>")
        XCTAssertEqual(scheme.write(try scheme.evaluate("(record? p)")), "#t")
    }

    /// A record is no Swift object: 10,000 records of three fields add no object to the heap, and
    /// their cells (two each, beside a cell of the list) are freed with them.
    func testRecordsAreCells() throws {
        try checkKeptAndFreed(defining: "(define-record-type r3 (make-r3 a b c) r3? (a r3-a) (b r3-b) (c r3-c))",
                              each: "(make-r3 i 'b 'c)", count: 10000, cells: 3, probe: "(r3-a (car keep))", gives: "9999")
    }

    /// A vector is no Swift object: 10,000 vectors of two elements add no object to the heap,
    /// and their cells (two each, beside a cell of the list) are freed with them.
    func testVectorsAreCells() throws {
        try checkKeptAndFreed(defining: "", each: "(vector i 'b)", count: 10000, cells: 3, probe: "(car keep)", gives: "#(9999 b)")
    }

    /// A vector's length is slot 0's fixnum, read as its payload; a short vector's elements are in
    /// its cells, a long one's (past `CellRun.farIndex`) in one storage object in slot 1.
    func testVectorLayout() {
        let heap = scheme.runtime.heap
        for n in [0, 1, 2, CellRun.farIndex - 1, CellRun.farIndex, CellRun.farIndex + 1, 1000] {
            let v = SVector.make(count: n, in: heap) { .fixnum($0 * 7) }
            XCTAssertEqual(v.count, n)
            guard case .fixnum(let stored) = v.run.cell.loadUnaligned(as: Value.self) else { return XCTFail("slot 0 is not the length") }
            XCTAssertEqual(stored, n)
            let long = v.run.cell.loadUnaligned(fromByteOffset: CellRun.offset(1), as: Value.self).object(ValueStorage.self)
            XCTAssertEqual(long != nil, n > CellRun.farIndex, "\(n) elements")
            XCTAssertEqual(v.run.cellCount, n > CellRun.farIndex ? 1 : CellRun.cells(n + 1))
            for i in [0, n / 2, n - 1] where i >= 0 && i < n {
                XCTAssertTrue(v[i].isEq(.fixnum(i * 7)), "element \(i) of \(n)")
            }
            XCTAssertNil(v.element(n))
            XCTAssertNil(v.element(-1))
        }
    }

    /// With a collection at every safe point, and at every 97th (so that a value stored is often
    /// younger than the vector: at every safe point the store's own call makes it old first), three
    /// in four minor, each checked for missed write barriers, short and long vectors keep what is
    /// stored into them after they became old: by `vector-set!`, `vector-fill!`, `vector-copy!`
    /// (overlapping too) and an in-place sort.
    func testVectorsSurviveCollections() {
        defer { scheme.runtime.heap.stressInterval = 0 }
        for interval in [1, 97] {
            scheme = Scheme()
            scheme.runtime.heap.stressInterval = interval
            check("""
            (define short (make-vector 5 #f))
            (define long (make-vector 1000 #f))
            (define (churn) (let loop ((i 0)) (if (< i 300) (begin (list i (string #\\g)) (loop (+ i 1))))))
            (collect-garbage)
            (vector-set! short 4 (list 'four))
            (vector-set! long 999 (list 'last))
            (vector-set! long 0 (list 'first))
            (churn)
            (vector-fill! long (string #\\f) 500 510)
            (vector-copy! long 1 long 0 3)
            (vector-copy! short 0 (vector (list 'c) (string #\\d)))
            (churn)
            (define sorted (list->vector (map (lambda (i) (- 600 i)) (iota 600))))
            (vector-sort! sorted <)
            (churn)
            (list (vector-ref short 0) (vector-ref short 1) (vector-ref short 4) (vector-ref long 0) (vector-ref long 1)
                  (vector-ref long 2) (vector-ref long 505) (vector-ref long 999) (vector-length long)
                  (vector-ref sorted 0) (vector-ref sorted 599) (equal? (vector-copy long 500 502) (vector "f" "f")))
            """, #"((c) "d" (four) (first) (first) #f "f" (last) 1000 1 600 #t)"#)
        }
    }

    /// A continuation keeps its copies of the stack and the frames in cells: re-entered after
    /// collections at every safe point (and at every 97th), from recursions shallow and deep (past
    /// `CellRun.farIndex` slots, whose far values are in a storage of their own), it resumes each
    /// frame with its values.
    func testContinuationsKeepTheirStacksThroughCollections() {
        for interval in [1, 97] {
            scheme.runtime.heap.stressInterval = interval
            defer { scheme.runtime.heap.stressInterval = 0 }
            check("""
            (define (walk depth)
              ; Each frame holds a string and a list of its own, so a copy that lost a value shows.
              (let loop ((d depth) (tag (string #\\d)))
                (if (= d 0)
                    (call/cc (lambda (k) (set! saved (cons k saved)) 0))
                    (let ((r (loop (- d 1) (string-append tag "."))))
                      (+ r (string-length tag) (length (list d d)))))))
            (define saved '())
            (define runs 0)
            (define results '())
            (define (run depth)
              (set! saved '())
              (set! runs 0)
              (let ((v (walk depth)))
                (set! runs (+ runs 1))
                (collect-garbage)
                (if (< runs 3) ((car saved) runs) v)))
            (list (run 3) (run 40) (run 300))
            """, "(14 902 45752)")
        }
    }
}

extension SchemeTestCase {
    /// Defines `definitions`, then keeps `count` objects made by `each` (an expression of `i`) in a
    /// list: they add no Swift object to the heap, hold at least `cells` cells each (their cell of
    /// the list included) after a collection, `probe` reads them as `gives`, and once the list is
    /// dropped a collection frees their cells.
    func checkKeptAndFreed(defining definitions: String, each: String, count: Int, cells: Int, probe: String,
                           gives expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let heap = scheme.runtime.heap
        try scheme.evaluate(definitions + " (define keep #f)")
        scheme.runtime.collectGarbage()
        let objects = heap.objects.count, base = heap.objectCount
        try scheme.evaluate("(set! keep (let loop ((i 0) (acc '())) (if (< i \(count)) (loop (+ i 1) (cons \(each) acc)) acc)))")
        XCTAssertLessThan(heap.objects.count - objects, 100, "no Swift object each", file: file, line: line)
        scheme.runtime.collectGarbage()
        XCTAssertGreaterThanOrEqual(heap.objectCount - base, count * cells, "\(cells) cells each", file: file, line: line)
        XCTAssertEqual(scheme.write(try scheme.evaluate(probe)), expected, file: file, line: line)
        try scheme.evaluate("(set! keep #f)")
        scheme.runtime.collectGarbage()
        XCTAssertLessThan(heap.objectCount - base, 50, "the cells were freed", file: file, line: line)
    }
}
