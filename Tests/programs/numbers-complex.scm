;;; Complex numbers: literals, the predicates' exact R7RS meaning, exactness, arithmetic, and the
;;; functions of (scheme complex) and (scheme inexact) on complex arguments. The expected output
;;; (numbers-complex.out) is htll's. guile-3.0 has no exact complex numbers (it reads 3+4i as
;;; 3.0+4.0i and stops at (exact 1.5+2.5i)); on the inexact results it agrees to the last digit or
;;; two, except that it gives asin and acos of reals below -1 the conjugate of what their odd
;;; symmetry (and the formulas R7RS gives) make them. chibi-scheme keeps parts of mixed exactness
;;; (1+0.0i) where htll, like Chez and Racket, makes both parts inexact.
(import (scheme base) (scheme write) (scheme complex) (scheme inexact) (srfi 69))
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))

(show 3+4i -1.0-0.5i +i -i 1/2+3/4i 0.5+3/4i +2i -2.5i 1@0 #d10+11i #e1.5+0.5i #i1+i +inf.0+inf.0i)
(show (complex? 3+4i) (real? -2.5+0i) (real? -2.5+0.0i) (integer? 3+0i) (rational? 1/2+i) (number? +i))
(show (exact? 1+2i) (inexact? 1.0+2i) (exact 1.5+2.5i) (inexact 1/2+1/3i) (make-rectangular 1 0.0))
(show (finite? 3.0+inf.0i) (infinite? 3.0+inf.0i) (nan? 1+2i) (nan? +nan.0+5.0i) (zero? 0.0+0.0i) (zero? +i))
(show (= 1 1.0 1.0+0.0i) (= 1.0 1.0+1.0i) (eqv? 1+2i 1+2i) (eqv? 1+2i 1.0+2.0i) (equal? '(1+i) '(1+i)))
(show (+ 1+2i 3-i) (- 1+2i 1+2i) (* 1+2i 3-i) (/ 1+2i 3+4i) (/ 1.0+2i 3+4i) (- 3/2+i) (* 2 +i +i))
(show (make-rectangular 1 2) (make-polar 2 0) (real-part 1+2i) (imag-part 1+2i) (real-part 1.5) (imag-part 1.5))
(show (magnitude 3+4i) (magnitude -5) (magnitude 1+2i) (angle 1+2i) (angle -1) (angle 1))
(show (sqrt -4) (sqrt -4.0) (sqrt -2) (sqrt 3+4i) (sqrt -3-4i) (sqrt -1.0-0.0i) (sqrt -1/4))
(show (exp +i) (log -1) (log 1+i) (exp (log 2+3i)))
(show (sin 1+i) (cos 1+i) (tan 1+i) (tan 0+30i))
(show (asin 2) (asin -2) (acos 2) (acos -2) (atan +2i) (atan 1+i) (asin 0.5+2i))
(show (expt 1+i 2) (expt 1+i -2) (expt +i 4) (expt -1 1/2) (expt -8 1/3) (expt 2 0.5+i) (expt 0 1+i))
(show (number->string 1/2+1/4i 2) (number->string 0.5+0.25i 2) (number->string -1-i 16)
      (string->number "#b1/10+1/100i") (string->number "1@0"))
(let ((h (make-hash-table)) (v (make-hash-table eqv?)))
  (hash-table-set! h 1+2i 'a)
  (hash-table-set! h 1/3 'b)
  (hash-table-set! v 1.0+2.0i 'c)
  (hash-table-set! v (expt 10 30) 'd)
  (show (hash-table-ref/default h (make-rectangular 1 2) #f) (hash-table-ref/default h (/ 2 6) #f)
        (hash-table-ref/default v (make-rectangular 1.0 2.0) #f) (hash-table-ref/default v (* (expt 10 15) (expt 10 15)) #f)
        (hash-table-ref/default v 1+2i #f)))
