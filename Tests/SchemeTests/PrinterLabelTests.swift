import XCTest
@testable import Scheme

/// The printer's datum labels in data too large for its plain walk. Not in the GC-stress suite:
/// 150,000 pairs with a collection at each allocation would take minutes and test nothing more.
final class PrinterLabelTests: SchemeTestCase {
    /// Data over the plain walk's budget (100,000 nodes) get the label search with its own table
    /// of node states: cycles and sharing far into a large list, and the same labels as in small data.
    func testPrinterLabelsInLargeData() throws {
        check("""
        (let* ((n 150000)
               (shared (list 'x))
               (big (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons (if (= i 77) shared i) acc)))))
               (cyc (list 1 2)))
          (set-cdr! (cdr cyc) cyc)
          (let* ((data (append big (list shared cyc)))
                 (out (open-output-string)) (shared-out (open-output-string)))
            (write data out)
            (write-shared data shared-out)
            (let ((w (get-output-string out)) (s (get-output-string shared-out)))
              (list (string-length w)
                    (substring w (- (string-length w) 30) (string-length w))
                    (substring s 0 3)
                    (substring s (- (string-length s) 40) (string-length s))))))
        """, #"(938911 " 4 3 2 1 0 (x) #0=(1 2 . #0#))" "(14" " 9 8 7 6 5 4 3 2 1 0 #0# #1=(1 2 . #1#))")"#)
    }

    /// `write` ends on a cycle that passes through an error object's irritants or through multiple
    /// values (both are printed with their parts): the cycle gets a label, as in pairs and vectors.
    func testCyclesThroughErrorObjectsAndMultipleValuesAreLabelled() {
        check("""
        (let ((l (list 1 2)) (out (open-output-string)))
          (set-cdr! (cdr l) l)
          (guard (e (#t (write e out) (write-char #\\space out) (write-shared (list e e) out) (get-output-string out)))
            (error "x" l 3)))
        """, ##""#<error \"x\" #0=(1 2 . #0#) 3> (#0=#<error \"x\" #1=(1 2 . #1#) 3> #0#)""##)
        check("""
        (define l (list 1))
        (define e (guard (x (#t x)) (error "m" l)))
        (set-car! l e)
        (define out (open-output-string))
        (write e out)
        (display (error-object-irritants e) out)
        (get-output-string out)
        """, ##""#0=#<error \"m\" (#0#)>(#0=(#<error \"m\" #0#>))""##)
        check("""
        (define v (vector 1))
        (define m (values v 2))
        (vector-set! v 0 m)
        (let ((out (open-output-string))) (write m out) (get-output-string out))
        """, ##""#0=#(#0#) 2""##)
    }
}
