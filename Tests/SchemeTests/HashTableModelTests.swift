import XCTest
@testable import Scheme

/// The hash tables (open addressing over entries in insertion order, `HashTables.swift`) against
/// a model: an association list searched with the table's own equivalence. Random sets, deletes
/// and lookups on keys of every kind (fixnums, fresh strings, bignums, flonums, lists, symbols,
/// characters) grow the index, leave removed entries behind and compact them.
final class HashTableModelTests: SchemeTestCase {
    static let program = """
    (define (model-run same? make n seed)
      (let ((t (make)) (model '()) (bad 0))
        (define (rand k)
          (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
          (modulo (quotient seed 65536) k))
        (define (key i)
          (case (modulo i 7)
            ((0) i)
            ((1) (number->string i))
            ((2) (* i 100000000000000000000))
            ((3) (exact->inexact i))
            ((4) (list i (number->string i)))
            ((5) (string->symbol (string-append "k" (number->string i))))
            (else (integer->char (+ 65 i)))))
        (define (find k l) (cond ((null? l) #f) ((same? (caar l) k) (car l)) (else (find k (cdr l)))))
        (define (drop k l) (cond ((null? l) '()) ((same? (caar l) k) (cdr l)) (else (cons (car l) (drop k (cdr l))))))
        (do ((step 0 (+ step 1))) ((= step n))
          (let ((k (key (rand 300))) (op (rand 5)))
            (cond ((< op 2)
                   (let ((v (rand 1000)) (p (find k model)))
                     (hash-table-set! t k v)
                     (if p (set-cdr! p v) (set! model (cons (cons k v) model)))))
                  ((= op 2)
                   (hash-table-delete! t k)
                   (set! model (drop k model)))
                  (else
                   (let ((a (hash-table-ref/default t k 'none))
                         (p (find k model)))
                     (if (not (equal? a (if p (cdr p) 'none))) (set! bad (+ bad 1))))))))
        (list bad
              (= (hash-table-count t) (length model))
              (equal? (hash-table->alist t) (reverse model))
              (equal? (hash-table->alist (hash-table-copy t)) (reverse model)))))
    """

    func testAgreesWithAnAssociationListUnderEachEquivalence() throws {
        try scheme.evaluate(Self.program)
        for (same, make) in [("equal?", "make-equal-hash-table"), ("eqv?", "make-eqv-hash-table"), ("eq?", "make-eq-hash-table")] {
            for seed in [1, 77, 4242] {
                check("(model-run \(same) \(make) 4000 \(seed))", "(0 #t #t #t)")
            }
        }
    }

    /// The same under a collection at nearly every safe point: live entries keep their keys and
    /// values, removed ones (not traced) are never read again.
    func testAgreesUnderCollectionStress() throws {
        try scheme.evaluate(Self.program)
        scheme.runtime.heap.stressInterval = 3
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("(model-run equal? make-equal-hash-table 1500 9)", "(0 #t #t #t)")
        check("(model-run eqv? make-eqv-hash-table 1500 10)", "(0 #t #t #t)")
    }

    /// Deleting most entries compacts the table and lookups stay right; clearing empties it.
    func testCompactionAndClear() {
        check("""
        (let ((t (make-equal-hash-table)))
          (do ((i 0 (+ i 1))) ((= i 1000)) (hash-table-set! t (number->string i) i))
          (do ((i 0 (+ i 1))) ((= i 1000)) (if (not (= 0 (modulo i 10))) (hash-table-delete! t (number->string i))))
          (let ((kept (hash-table-count t))
                (first (hash-table-ref/default t "0" #f))
                (gone (hash-table-ref/default t "1" 'gone))
                (order (list-tail (hash-table-keys t) 97)))
            (hash-table-set! t "1" 'back)
            (let ((last (car (reverse (hash-table-keys t)))))
              (hash-table-clear! t)
              (list kept first gone order last (hash-table-count t) (hash-table-ref/default t "0" 'none)))))
        """, "(100 0 gone (\"970\" \"980\" \"990\") \"1\" 0 none)")
    }
}
