import XCTest
@testable import Scheme

/// Multiple values, error objects, complex numbers, exact ratios and promises are records (cells),
/// not Swift objects: the first four of the heap's own record types, promises of a prelude type. They keep
/// what they hold through collections, are freed with nothing left behind, and are still what
/// `values`, `error` and `delay` promise to programs.
final class RuntimeRecordTests: SchemeTestCase {
    private let lists = """
    (define (upto n) (let loop ((i (- n 1)) (acc '())) (if (< i 0) acc (loop (- i 1) (cons (list i) acc)))))
    (define (mv n) (apply values (upto n)))
    (define (churn) (let loop ((i 0)) (if (< i 300) (begin (list i (string #\\g)) (loop (+ i 1))))))
    """

    /// Multiple values of every count around the cell run's limits (0, 2, past `CellRun.farIndex`),
    /// kept as values across collections at every safe point and at every 97th, spread again by
    /// `call-with-values` into exactly what they were made of.
    func testMultipleValuesOfEveryCountSurviveCollections() {
        let counts = [0, 2, 3, 4, CellRun.farIndex - 2, CellRun.farIndex - 1, CellRun.farIndex,
                      CellRun.farIndex + 1, 900]
        let sizes = counts.map(String.init).joined(separator: " ")
        let trues = "(" + counts.map { _ in "#t" }.joined(separator: " ") + ")"
        for interval in [1, 97] {
            scheme.runtime.heap.stressInterval = interval
            defer { scheme.runtime.heap.stressInterval = 0 }
            check(lists + """
            (define kept (map mv '(\(sizes))))
            (churn)
            (collect-garbage)
            (churn)
            (list (map (lambda (v n) (equal? (call-with-values (lambda () v) list) (upto n))) kept '(\(sizes)))
                  (map (lambda (n) (equal? (call-with-values (lambda () (mv n)) list) (upto n))) '(\(sizes))))
            """, "(\(trues) \(trues))")
        }
    }

    /// A multiple-values value is a few cells, not a Swift object; cells kept while it is reached,
    /// freed after.
    func testMultipleValuesAreCells() throws {
        try checkKeptAndFreed(defining: "", each: "(values i (list i) \"v\")", count: 2_000, cells: 4,
                              probe: "(call-with-values (lambda () (car keep)) list)", gives: #"(1999 (1999) "v")"#)
    }

    /// A promise is a record (two cells, one more for its thunk), and its value is kept once forced.
    func testPromisesAreCells() throws {
        try checkKeptAndFreed(defining: "", each: "(delay (list i))", count: 2_000, cells: 3,
                              probe: "(list (force (car keep)) (force (car keep)) (promise? (car keep)))",
                              gives: "((1999) (1999) #t)")
    }

    /// R7RS's promises, on records: `delay` runs its body once, `delay-force` chains run in
    /// constant space, `make-promise` of a promise is that promise, a promise that forces itself
    /// re-entrantly keeps the first value, and forcing under collections at every safe point.
    func testPromisesKeepR7RSSemantics() {
        check("""
        (define count 0)
        (define p (delay (begin (set! count (+ count 1)) (if (> count x) count (force p)))))
        (define x 5)
        (list (force p) (begin (set! x 10) (force p)) count)
        """, "(6 6 6)")
        check("""
        (define (loop n) (delay-force (if (= n 0) (delay 'done) (loop (- n 1)))))
        (force (loop 200000))
        """, "done")
        check("(let ((p (delay 1))) (list (eq? p (make-promise p)) (force (make-promise 7)) (force 9) (promise? 9)))",
              "(#t 7 9 #f)")
        check("(define-record-type promise (kons a) promise-like? (a a)) (list (promise-like? (delay 1)) (promise? (kons 1)))",
              "(#f #f)")
        check("(delay 1)", "#<promise>")
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check(lists + """
        (define (stream-from n) (delay (cons (list n) (stream-from (+ n 1)))))
        (define (nth s k) (if (= k 0) (car (force s)) (begin (churn) (nth (cdr (force s)) (- k 1)))))
        (nth (stream-from 0) 50)
        """, "(50)")
    }

    /// Error objects keep their message, irritants, kind and location through collections; their
    /// accessors hand out copies (changing them changes no error), and the VM locates an error
    /// object raised again after it became old.
    func testErrorObjectsKeepTheirParts() {
        scheme.define("located", value: scheme.runtime.makeError("late"))
        scheme.define("raise-from-swift", arity: .exactly(1)) { args in throw SchemeRaise(args[0]) }
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check(lists + """
        (define e (guard (x (#t x)) (error (string #\\b #\\o #\\o #\\m) (list 1) (string #\\s))))
        (churn)
        (collect-garbage)
        (churn)
        (define m (error-object-message e))
        (string-set! m 0 #\\z)
        (set-car! (error-object-irritants e) 99)
        (define f (guard (x ((file-error? x) x)) (open-input-file "/nonexistent/file")))
        (collect-garbage)
        (collect-garbage)
        (define unlocated (error-object-location located))
        (guard (x (#t #t)) (raise-from-swift located))
        (list m e (error-object? e) (error-object-message e) (error-object-irritants e)
              (file-error? f) (read-error? f) (error-object? f)
              unlocated (pair? (error-object-location located)) (record? e) (record? (values 1 2)))
        """, #"("zoom" #<error "boom" (1) "s"> #t "boom" ((1) "s") #t #f #t #f #t #f #f)"#)
    }

    /// Error objects made by Swift (`Runtime.makeError`) are records of the heap's error type,
    /// whatever their kind and location; no Swift object each.
    func testErrorObjectsFromSwiftAreRecords() throws {
        let heap = scheme.runtime.heap
        let objects = heap.objects.count
        let at = SourceLocation(file: 1, line: 12, column: 34)
        var made: [Value] = []
        for kind in [ErrorObject.Kind.general, .read, .file, .limit] {
            made.append(scheme.runtime.makeError("m \(kind)", .fixnum(1), heap.string("two"), kind: kind, at: at))
        }
        XCTAssertEqual(heap.objects.count, objects, "no Swift object each")
        for (v, kind) in zip(made, [ErrorObject.Kind.general, .read, .file, .limit]) {
            guard let e = ErrorObject(v) else { return XCTFail("not an error object: \(scheme.write(v))") }
            XCTAssertEqual(e.kind, kind)
            XCTAssertEqual(e.message, "m \(kind)")
            XCTAssertEqual(e.irritants.map { scheme.write($0) }, ["1", #""two""#])
            XCTAssertEqual(e.location, at)
        }
        XCTAssertNil(ErrorObject(try scheme.evaluate("(define-record-type t (make-t) t?) (make-t)")))
        XCTAssertNil(MultipleValues(try scheme.evaluate("(define-record-type u (make-u) u?) (make-u)")))
    }

    /// A complex number is a record of two cells' worth (its parts), not a Swift object; kept while
    /// reached, freed after.
    func testComplexNumbersAreCells() throws {
        try checkKeptAndFreed(defining: "", each: "(make-rectangular (* i 1.5) (exact->inexact i))", count: 2_000, cells: 2,
                              probe: "(list (car keep) (* (car keep) (car keep)))",
                              gives: "(2998.5+1999.0i 4995001.25+11988003.0i)")
    }

    /// Complex numbers keep their parts through collections at every safe point, compare and hash
    /// by value (`eqv?`, `equal?`, hash tables), print as numbers, and are no records to programs.
    func testComplexNumbersAreNumbers() {
        check("""
        (define h (make-equal-hash-table))
        (hash-table-set! h 1+2i 'exact)
        (hash-table-set! h 1.5-2.5i 'inexact)
        (define e (make-eqv-hash-table))
        (hash-table-set! e (make-rectangular 1/2 3) 'ratio)
        (list (hash-table-ref/default h (+ 1 +2i) #f) (hash-table-ref/default h (make-rectangular 1.5 -2.5) #f)
              (hash-table-ref/default e (+ 1/2 +3i) #f) (eqv? 1+2i (- 2+2i 1)) (eq? 1+2i 1+2i)
              (equal? '(1.0+1.0i) (list (sqrt +2.0i))) (number? 1+i) (real? 1+i) (record? 1+i)
              (exact? 1/2+i) (magnitude 3+4i) (* 1+2i 3-i) (sqrt -4))
        """, "(exact inexact ratio #t #f #t #t #f #f #t 5 5+5i +2i)")
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("""
        (define (orbit c n) (let loop ((z 0) (i 0) (acc '())) (if (= i n) acc (loop (+ (* z z) c) (+ i 1) (cons z acc)))))
        (define kept (orbit -0.5+0.5i 40))
        (collect-garbage)
        (list (length kept) (car kept) (apply + (map imag-part (orbit 1/2+1/3i 4))))
        """, "(40 -0.4546774938988519+0.11065134426648104i 59/27)")
    }

    /// An exact ratio of fixnum parts is a record of two cells, not a Swift object; kept while
    /// reached, freed after.
    func testRatiosAreCells() throws {
        try checkKeptAndFreed(defining: "", each: "(/ (+ (* 7 i) 1) 7)", count: 2_000, cells: 2,
                              probe: "(list (car keep) (numerator (car keep)) (+ (car keep) 1/14))",
                              gives: "(13994/7 13994 27989/14)")
    }

    /// Ratios with bignum parts keep them through collections at every safe point; ratios compare
    /// and hash by value and are no records to programs.
    func testRatiosKeepBignumParts() {
        check("""
        (define h (make-eqv-hash-table))
        (hash-table-set! h 2/3 'small)
        (hash-table-set! h (/ (expt 2 100) 3) 'big)
        (list (hash-table-ref/default h (/ 4 6) #f) (hash-table-ref/default h (/ (expt 2 101) 6) #f)
              (eqv? 1/3 (/ 2 6)) (eqv? (/ (expt 2 100) 3) (/ (expt 2 100) 3)) (record? 1/3) (rational? 1/3)
              (exact? 1/3) (denominator (/ (expt 2 100) 3)))
        """, "(small big #t #t #f #t #t 3)")
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("""
        (define (ratios n) (let loop ((i 1) (acc '())) (if (> i n) acc (loop (+ i 1) (cons (/ (expt 3 (+ 40 i)) (expt 2 (+ 64 i))) acc)))))
        (define kept (ratios 30))
        (collect-garbage)
        (list (length kept) (car kept) (apply + (map (lambda (r) (* r (expt 2 94))) kept)) (* (car kept) (expt 2 94)))
        """, "(30 2503155504993241601315571986085849/19807040628566084398385987584 7509427352398068035194564086638475 2503155504993241601315571986085849)")
    }
}
