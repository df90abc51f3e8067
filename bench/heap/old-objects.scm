;;; old-objects: keeps N one-element vectors alive in a vector (N read from standard input), then
;;; makes 20,000,000 short-lived pairs in lists of 1,000. As bench/heap/old.scm, with objects kept
;;; rather than pairs: a minor collection that followed every old object's fields (htll's
;;; collector before objects were generational) paid for the N vectors at every collection.
(import (scheme base) (scheme read) (scheme write))

(define (build n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons i acc)))))

(define old
  (let* ((n (read)) (v (make-vector n #f)))
    (let fill ((i 0))
      (if (= i n) v (begin (vector-set! v i (vector i)) (fill (+ i 1)))))))

(define (churn rounds)
  (let loop ((k 0) (sum 0))
    (if (= k rounds)
        sum
        (loop (+ k 1) (+ sum (length (build 1000)))))))

(display (churn 20000))
(display " ")
(display (vector-length old))
(newline)
