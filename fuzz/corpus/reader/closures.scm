;;; closures: creates many small closures (counters, composed functions) and calls them;
;;; measures closure allocation, captured-variable access and set! on captured variables.
(import (scheme base) (scheme write))

(define (make-counter start)
  (let ((n start))
    (lambda ()
      (set! n (+ n 1))
      n)))

(define (compose f g) (lambda (x) (f (g x))))
(define (adder k) (lambda (x) (+ x k)))

(define (round-trip i)
  ;; A fresh counter and a fresh 4-deep composition per iteration.
  (let* ((c (make-counter i))
         (f (compose (adder 1) (compose (adder 2) (compose (adder 3) (adder i))))))
    (c) (c)
    (f (c))))

(define (run n)
  (let loop ((i 0) (acc 0))
    (if (< i n)
        (loop (+ i 1) (modulo (+ acc (round-trip i)) 1000003))
        acc)))

(display (run 1000000))
(newline)
