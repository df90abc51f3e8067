;;; rare: the objects that were the last small Swift objects of a program's own making (docs/
;;; heap-design.md, migration step 5i): 1,000,000 multiple-value returns spread by
;;; `call-with-values`, 1,000,000 promises made and forced, a `delay-force` chain of 1,000,000,
;;; 100,000 error objects raised and caught, and 1,000,000 inexact complex products and sums.
;;; Prints (values-sum forced-sum chain error-irritants complex-magnitude).
(import (scheme base) (scheme write) (scheme lazy) (scheme complex) (scheme inexact))
(define (split i) (values i (+ i 1) (* 2 i)))
(define (values-sum n)
  (let loop ((i 0) (s 0))
    (if (< i n) (loop (+ i 1) (call-with-values (lambda () (split i)) (lambda (a b c) (+ s a b c)))) s)))
(define (forced-sum n)
  (let loop ((i 0) (s 0))
    (if (< i n) (let ((p (delay (* i 3)))) (loop (+ i 1) (+ s (force p) (force p)))) s)))
(define (chain n) (delay-force (if (= n 0) (delay 'done) (chain (- n 1)))))
(define (errors n)
  (let loop ((i 0) (s 0))
    (if (< i n)
        (loop (+ i 1) (+ s (guard (e ((error-object? e) (length (error-object-irritants e)))) (error "no" i 'x))))
        s)))
(define (orbits n)
  (let loop ((i 0) (z 0.0+0.0i) (m 0.0))
    (if (< i n)
        (let ((z2 (+ (* z z) -0.4+0.6i)))
          (if (> (magnitude z2) 2.0) (loop (+ i 1) 0.0+0.0i (+ m 1.0)) (loop (+ i 1) z2 m)))
        m)))
(display (list (values-sum 1000000) (forced-sum 1000000) (force (chain 1000000)) (errors 100000) (orbits 1000000)))
(newline)
