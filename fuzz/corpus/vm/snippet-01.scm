(define (f x) (if (< x 2) x (+ (f (- x 1)) (f (- x 2))))) (f 10)
