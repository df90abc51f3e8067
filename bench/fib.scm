;;; fib: doubly recursive Fibonacci; measures non-tail procedure calls and fixnum arithmetic.
(import (scheme base) (scheme write))

(define (fib n)
  (if (< n 2)
      n
      (+ (fib (- n 1)) (fib (- n 2)))))

(define (repeat k thunk)
  (let loop ((i 1) (r (thunk)))
    (if (< i k) (loop (+ i 1) (thunk)) r)))

(display (repeat 20 (lambda () (fib 30))))
(newline)
