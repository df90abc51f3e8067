;;; ack: Ackermann function; measures deep non-tail recursion (depth ~1000) and calls.
(import (scheme base) (scheme write))

(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))

(define (repeat k thunk)
  (let loop ((i 1) (r (thunk)))
    (if (< i k) (loop (+ i 1) (thunk)) r)))

(display (repeat 100 (lambda () (ack 3 7))))
(newline)
