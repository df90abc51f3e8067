;;; list: builds a list of N fixnums (N read from standard input) and keeps it alive to the end.
;;; Peak RSS at N = 4,000,000 minus peak RSS at N = 0, over N, is the memory one pair costs.
(import (scheme base) (scheme read) (scheme write))

(define (build n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons i acc)))))

(define lst (build (read)))
(display (length lst))
(newline)
