;;; old: keeps N fixnums alive in a list (N read from standard input), then makes 20,000,000
;;; short-lived pairs in lists of 1,000. A collector that marks every live pair at each collection
;;; pays for the old list again and again; a generational one pays for it about once.
;;; With `vectors` after N, it keeps N one-element vectors in a vector instead: old objects rather
;;; than old pairs (a minor collection that followed every old object's fields, as htll's did
;;; before objects were generational, paid for them at every collection).
(import (scheme base) (scheme read) (scheme write))

(define (build n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons i acc)))))

(define (vectors n)
  (let ((v (make-vector n #f)))
    (let fill ((i 0))
      (if (= i n) v (begin (vector-set! v i (vector i)) (fill (+ i 1)))))))

(define old
  (let* ((n (read)) (kind (read)))
    (if (eq? kind 'vectors) (vectors n) (build n))))

(define (churn rounds)
  (let loop ((k 0) (sum 0))
    (if (= k rounds)
        sum
        (loop (+ k 1) (+ sum (length (build 1000)))))))

(display (churn 20000))
(display " ")
(display (if (vector? old) (vector-length old) (length old)))
(newline)
