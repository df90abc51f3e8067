;;; records: makes 3,000,000 records of three fields, stores into one, reads all three, and keeps
;;; every hundredth in a list. Measures a record's allocation, its fields' reads and its write
;;; barrier (docs/heap-design.md, migration step 5e). Prints (checksum kept).
(import (scheme base) (scheme write))
(define-record-type point (make-point x y z) point? (x point-x set-point-x!) (y point-y) (z point-z))
(define (run n)
  (let loop ((i 0) (acc 0) (keep '()))
    (if (< i n)
        (let ((p (make-point i (+ i 1) (+ i 2))))
          (set-point-x! p (+ (point-y p) (point-z p)))
          (loop (+ i 1) (modulo (+ acc (point-x p)) 1000003) (if (= 0 (modulo i 100)) (cons p keep) keep)))
        (list acc (length keep)))))
(display (run 3000000))
(newline)
