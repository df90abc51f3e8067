;;; old: keeps a list of N fixnums alive (N read from standard input), then makes 20,000,000
;;; short-lived pairs in lists of 1,000. A collector that marks every live pair at each collection
;;; pays for the old list again and again; a generational one pays for it about once.
(import (scheme base) (scheme read) (scheme write))

(define (build n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons i acc)))))

(define old (build (read)))

(define (churn rounds)
  (let loop ((k 0) (sum 0))
    (if (= k rounds)
        sum
        (loop (+ k 1) (+ sum (length (build 1000)))))))

(display (churn 20000))
(display " ")
(display (length old))
(newline)
