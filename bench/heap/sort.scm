;;; sort: sorts N Park-Miller pseudo-random fixnums and prints a position-weighted checksum. N and
;;; the sort come from standard input: `merge` is the merge sort of bench/sort.scm (the same code
;;; under every implementation), `own` the implementation's list sort (`sort` in guile;
;;; bench/heap-figures gives chibi and htll (srfi 132) `list-sort` under that name) with `<`,
;;; `lambda` the same sort with a Scheme predicate, (lambda (a b) (< a b)).
(import (scheme base) (scheme read) (scheme write))

(define (random-list n seed)
  (let loop ((i 0) (x seed) (acc '()))
    (if (= i n)
        acc
        (let ((next (modulo (* x 16807) 2147483647)))
          (loop (+ i 1) next (cons next acc))))))

(define (append-reverse rev tail)
  (if (null? rev) tail (append-reverse (cdr rev) (cons (car rev) tail))))

(define (merge a b)
  (let loop ((a a) (b b) (acc '()))
    (cond ((null? a) (append-reverse acc b))
          ((null? b) (append-reverse acc a))
          ((< (car b) (car a)) (loop a (cdr b) (cons (car b) acc)))
          (else (loop (cdr a) b (cons (car a) acc))))))

(define (split lst)
  (let loop ((l lst) (a '()) (b '()))
    (if (null? l) (cons a b) (loop (cdr l) (cons (car l) b) a))))

(define (merge-sort lst)
  (if (or (null? lst) (null? (cdr lst)))
      lst
      (let ((halves (split lst)))
        (merge (merge-sort (car halves)) (merge-sort (cdr halves))))))

(define (checksum lst)
  (let loop ((l lst) (i 1) (sum 0))
    (if (null? l)
        sum
        (loop (cdr l) (+ i 1) (modulo (+ sum (* (modulo i 1000) (car l))) 1000000007)))))

(let* ((n (read))
       (which (read))
       (lst (random-list n 42)))
  (display (checksum (case which
                       ((merge) (merge-sort lst))
                       ((lambda) (sort lst (lambda (a b) (< a b))))
                       (else (sort lst <)))))
  (newline))
