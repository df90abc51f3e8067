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
}
