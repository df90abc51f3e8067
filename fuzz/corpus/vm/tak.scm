;;; tak: Takeuchi function; measures calls with several arguments and comparisons.
(import (scheme base) (scheme write))

(define (tak x y z)
  (if (not (< y x))
      z
      (tak (tak (- x 1) y z)
           (tak (- y 1) z x)
           (tak (- z 1) x y))))

(define (repeat k thunk)
  (let loop ((i 1) (r (thunk)))
    (if (< i k) (loop (+ i 1) (thunk)) r)))

(display (repeat 1000 (lambda () (tak 18 12 6))))
(newline)
