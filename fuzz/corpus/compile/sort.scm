;;; sort: merge sort (written here, so every implementation runs the same algorithm) of
;;; 200,000 pseudo-random fixnums; measures allocation of pairs, comparisons and GC.
(import (scheme base) (scheme write))

;; Park-Miller minimal standard generator: stays well inside fixnum range everywhere.
(define (random-list n seed)
  (let loop ((i 0) (x seed) (acc '()))
    (if (= i n)
        acc
        (let ((next (modulo (* x 16807) 2147483647)))
          (loop (+ i 1) next (cons next acc))))))

;; Merges two sorted lists; tail-recursive with an accumulator, so no deep host recursion.
(define (merge a b)
  (let loop ((a a) (b b) (acc '()))
    (cond ((null? a) (append-reverse acc b))
          ((null? b) (append-reverse acc a))
          ((< (car b) (car a)) (loop a (cdr b) (cons (car b) acc)))
          (else (loop (cdr a) b (cons (car a) acc))))))

(define (append-reverse rev tail)
  (if (null? rev) tail (append-reverse (cdr rev) (cons (car rev) tail))))

;; Splits a list into two halves of (nearly) equal length by alternating elements.
(define (split lst)
  (let loop ((l lst) (a '()) (b '()))
    (if (null? l)
        (cons a b)
        (loop (cdr l) (cons (car l) b) a))))

(define (merge-sort lst)
  (if (or (null? lst) (null? (cdr lst)))
      lst
      (let ((halves (split lst)))
        (merge (merge-sort (car halves)) (merge-sort (cdr halves))))))

;; Position-weighted checksum, so a wrong order changes the answer.
(define (checksum lst)
  (let loop ((l lst) (i 1) (sum 0))
    (if (null? l)
        sum
        (loop (cdr l) (+ i 1) (modulo (+ sum (* (modulo i 1000) (car l))) 1000000007)))))

(define (sorted? lst)
  (or (null? lst) (null? (cdr lst))
      (and (<= (car lst) (cadr lst)) (sorted? (cdr lst)))))

(define (run k)
  (let loop ((i 0) (sum 0))
    (if (< i k)
        (let ((s (merge-sort (random-list 200000 (+ 42 i)))))
          (loop (+ i 1) (if (sorted? s) (+ sum (checksum s)) -1)))
        sum)))

(display (run 3))
(newline)
