;;; flonum: Mandelbrot set membership on a grid, all in flonum arithmetic; prints the
;;; number of points that stay bounded (an exact count, identical under IEEE doubles).
(import (scheme base) (scheme write))

(define max-iter 100)

(define (in-set? cr ci)
  (let loop ((zr 0.0) (zi 0.0) (k 0))
    (cond ((= k max-iter) #t)
          ((> (+ (* zr zr) (* zi zi)) 4.0) #f)
          (else (loop (+ (- (* zr zr) (* zi zi)) cr)
                      (+ (* 2.0 zr zi) ci)
                      (+ k 1))))))

(define (count-grid size)
  (let ((step-r (/ 3.0 size)) (step-i (/ 2.4 size)))
    (let yloop ((y 0) (count 0))
      (if (= y size)
          count
          (let xloop ((x 0) (count count))
            (if (= x size)
                (yloop (+ y 1) count)
                (xloop (+ x 1)
                       (if (in-set? (- (* x step-r) 2.1) (- (* y step-i) 1.2))
                           (+ count 1)
                           count))))))))

(display (count-grid 400))
(newline)
