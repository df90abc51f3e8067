(define (f x)
  (+ x 1)
