import XCTest
@testable import Scheme

/// Strings and bytevectors in pair cells (`ByteRun`): a head cell holding the length and where
/// the bytes are, the bytes in data cells (16 a cell) or, past `ByteRun.longestInCells`, in one
/// `ByteStorage`; a string is widened in place by `string-set!`. The collector keeps the cells
/// while the object is reached, frees them with it, and reaches a widened old string's new storage.
final class ByteRunTests: SchemeTestCase {
    /// Lengths around every boundary of the layout: empty, one cell, two, the last length kept in
    /// cells narrow and wide, and the first past it.
    private var lengths: [Int] {
        let most = ByteRun.longestInCells
        return [0, 1, 15, 16, 17, 31, 32, 33, most / 4 - 1, most / 4, most / 4 + 1, most - 1, most, most + 1, 3 * most]
    }

    /// Runs `body` with a collection at every safe point, then at every 97th, giving it the
    /// lengths (as a Scheme list's elements) and what two lists of `#t`, one for each length, print as.
    private func underStress(_ body: (_ sizes: String, _ expected: String) -> Void) {
        let sizes = lengths.map(String.init).joined(separator: " ")
        let trues = "(" + lengths.map { _ in "#t" }.joined(separator: " ") + ")"
        for interval in [1, 97] {
            scheme.runtime.heap.stressInterval = interval
            defer { scheme.runtime.heap.stressInterval = 0 }
            body(sizes, "(\(trues) \(trues))")
        }
    }

    /// A string reads back every character it was made with, narrow and wide, at every length,
    /// and `string-set!` of a character at or above U+0100 widens it in place (the same string,
    /// the other characters kept).
    func testCharactersAtEveryLength() throws {
        for n in lengths {
            try scheme.evaluate("""
            (define (pattern i) (integer->char (+ 97 (modulo i 26))))
            (define s (make-string \(n) #\\a))
            (let loop ((i 0)) (if (< i \(n)) (begin (string-set! s i (pattern i)) (loop (+ i 1)))))
            (define same s)
            """)
            guard let s = try scheme.evaluate("s").sstring else { return XCTFail("not a string") }
            XCTAssertEqual(s.count, n)
            XCTAssertFalse(s.isWide)
            XCTAssertEqual(s.head.flags & (Pair.leafFlag | Pair.bytesHeadFlag), Pair.leafFlag | Pair.bytesHeadFlag)
            XCTAssertEqual(s.scalars, (0..<n).map { UInt32(97 + $0 % 26) }, "length \(n)")
            if n > 0 && n <= ByteRun.longestInCells {
                XCTAssertEqual(Pair(cell: s.run.storage).flags & Pair.leafFlag, Pair.leafFlag, "a data cell is a leaf")
            }
            if n == 0 { continue }
            try scheme.evaluate("(string-set! s \(n - 1) #\\x3BB)")
            XCTAssertTrue(s.isWide, "length \(n)")
            XCTAssertEqual(scheme.write(try scheme.evaluate("(list (eq? s same) (string-length s) (string-ref s \(n - 1)) (string-ref s 0))")),
                           "(#t \(n) #\\λ \(n == 1 ? "#\\λ" : "#\\a"))")
            XCTAssertEqual(s.scalars, (0..<n).map { $0 == n - 1 ? 0x3BB : UInt32(97 + $0 % 26) }, "length \(n), wide")
            // Substrings across cell boundaries, narrowed when they can be.
            let cut = try scheme.evaluate("(substring s \(n / 3) \(n - 1))")
            XCTAssertEqual(cut.sstring?.isWide, false)
            XCTAssertEqual(cut.sstring?.scalars, (n / 3..<n - 1).map { UInt32(97 + $0 % 26) })
        }
    }

    /// Equality and hashing compare characters whatever the widths and layouts: strings of the
    /// same characters are `equal?`, `string=?` and find each other in an `equal?` hash table.
    func testEqualityAcrossWidthsAndLayouts() {
        for n in lengths where n > 0 {
            check("""
            (define a (make-string \(n) #\\b))
            (define b (string-copy a))
            (define c (string-copy a))
            (string-set! c 0 #\\x3BB)
            (string-set! c 0 #\\b)
            (define d (string-copy a))
            (string-set! d \(n - 1) #\\c)
            (define t (make-equal-hash-table))
            (hash-table-set! t a 'found)
            (list (eq? a b) (equal? a b) (string=? a c) (equal? c b) (string=? a d) (string<? a d)
                  (hash-table-ref/default t c #f) (hash-table-ref/default t d #f))
            """, "(#f #t #t #t #f #t found #f)")
        }
    }

    /// Strings are cells, not Swift objects: 10,000 strings of 20 characters make no Swift object
    /// and take their cells (a head and two data cells each, and a cell of the list); once unreachable their cells are free.
    func testStringsAreCells() throws {
        try checkKeptAndFreed(defining: "(define (text i) (string-append \"abcdefghijklmnopq\" (number->string (modulo i 10))))",
                              each: "(text i)", count: 10000, cells: 4, probe: "(car keep)", gives: #""abcdefghijklmnopq9""#)
    }

    /// With a collection at every safe point (interval 1) and at every 97th, three in four minor and
    /// each checked for missed write barriers: strings of every length keep their characters, and
    /// old strings widened after they became old keep the new characters, their storage reached
    /// through the remembered set.
    func testStringsSurviveCollections() {
        underStress { sizes, expected in
            check("""
            (define (pattern i) (integer->char (+ 65 (modulo i 26))))
            (define (make n) (let ((s (make-string n))) (let loop ((i 0)) (if (< i n) (begin (string-set! s i (pattern i)) (loop (+ i 1))))) s))
            (define (churn) (let loop ((i 0)) (if (< i 300) (begin (string-append "x" (number->string i)) (loop (+ i 1))))))
            (define (intact? s wide-at)
              (let loop ((i 0))
                (or (= i (string-length s))
                    (and (char=? (string-ref s i) (if (= i wide-at) #\\x3BB (pattern i))) (loop (+ i 1))))))
            (define olds (map make '(\(sizes))))
            (collect-garbage)
            (for-each (lambda (s) (if (> (string-length s) 0) (string-set! s (quotient (string-length s) 2) #\\x3BB))) olds)
            (churn)
            (define youngs (map make '(\(sizes))))
            (churn)
            (list (map (lambda (s) (intact? s (quotient (string-length s) 2))) olds)
                  (map (lambda (s) (intact? s -1)) youngs))
            """, expected)
        }
    }

    /// A bytevector reads back every byte at every length; `bytevector-copy` and overlapping
    /// `bytevector-copy!` cross cell boundaries; equal bytevectors are `equal?` and hash alike;
    /// UTF-8 goes through them and back.
    func testBytevectorsAtEveryLength() throws {
        for n in lengths {
            check("""
            (define (pattern i) (modulo (* i 7) 256))
            (define b (make-bytevector \(n) 0))
            (let loop ((i 0)) (if (< i \(n)) (begin (bytevector-u8-set! b i (pattern i)) (loop (+ i 1)))))
            (define (intact? v from shift)
              (let loop ((i from)) (or (>= i (bytevector-length v)) (and (= (bytevector-u8-ref v i) (pattern (+ i shift))) (loop (+ i 1))))))
            (define c (bytevector-copy b (quotient \(n) 3)))
            (define d (bytevector-copy b))
            (if (> \(n) 0) (bytevector-copy! d 1 d 0 (- \(n) 1)))
            (define t (make-equal-hash-table))
            (hash-table-set! t b 'found)
            (define text (make-string \(n) #\\x3BB))
            (list (bytevector-length b) (intact? b 0 0) (intact? c 0 (quotient \(n) 3)) (intact? d 1 -1)
                  (equal? b (bytevector-copy b)) (eq? b (bytevector-copy b)) (hash-table-ref/default t (bytevector-copy b) #f)
                  (string=? text (utf8->string (string->utf8 text))))
            """, "(\(n) #t #t #t #t #f found #t)")
        }
        XCTAssertEqual(scheme.write(try scheme.evaluate("(bytevector 1 2 255)")), "#u8(1 2 255)")
        guard case .bytevector(let b) = try scheme.evaluate("(make-bytevector 40 9)") else { return XCTFail("not a bytevector") }
        XCTAssertEqual(b.run.head.flags & (Pair.leafFlag | Pair.bytesHeadFlag), Pair.leafFlag | Pair.bytesHeadFlag)
        XCTAssertEqual(Pair(cell: b.run.storage).flags & Pair.leafFlag, Pair.leafFlag, "a data cell is a leaf")
        XCTAssertEqual(b.bytes, Array(repeating: 9, count: 40))
    }

    /// Bytevectors are cells, not Swift objects: 10,000 bytevectors of 20 bytes make no Swift object
    /// and take their cells (a head, two data cells, a cell of the list); unreachable, they are free.
    func testBytevectorsAreCells() throws {
        try checkKeptAndFreed(defining: "", each: "(make-bytevector 20 (modulo i 256))", count: 10000, cells: 4,
                              probe: "(bytevector-u8-ref (car keep) 19)", gives: "15")
    }

    /// With a collection at every safe point and at every 97th (three in four minor, each checked
    /// for missed write barriers), bytevectors of every length keep their bytes, old ones stored
    /// into included.
    func testBytevectorsSurviveCollections() {
        underStress { sizes, expected in
            check("""
            (define (fill! b k) (let loop ((i 0)) (if (< i (bytevector-length b)) (begin (bytevector-u8-set! b i (modulo (+ i k) 256)) (loop (+ i 1))))) b)
            (define (intact? b k) (let loop ((i 0)) (or (= i (bytevector-length b)) (and (= (bytevector-u8-ref b i) (modulo (+ i k) 256)) (loop (+ i 1))))))
            (define (churn) (let loop ((i 0)) (if (< i 300) (begin (bytevector (modulo i 256) 1 2) (string-append "x" (number->string i)) (loop (+ i 1))))))
            (define olds (map (lambda (n) (fill! (make-bytevector n) 1)) '(\(sizes))))
            (collect-garbage)
            (for-each (lambda (b) (fill! b 2)) olds)
            (churn)
            (define youngs (map (lambda (n) (fill! (make-bytevector n) 3)) '(\(sizes))))
            (churn)
            (list (map (lambda (b) (intact? b 2)) olds) (map (lambda (b) (intact? b 3)) youngs))
            """, expected)
        }
    }
}
