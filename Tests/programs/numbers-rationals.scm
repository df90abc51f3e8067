;;; Exact rationals: arithmetic, exactness rules, rounding, conversions. The expected output
;;; (numbers-rationals.out) is what guile-3.0 --r7rs prints; chibi-scheme agrees except that it
;;; gives (expt 2/3 -2) as 1 instead of 9/4.
(import (scheme base) (scheme write) (scheme inexact))
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))

(show (/ 1 3) (/ 6 4) (/ -6 4) (/ 6 -4) (/ 3 4 5) (/ 3) (/ 0 5) (/ 10 5))
(show (+ 1/3 2/3) (- 1/2 1/3) (* 2/3 3/4) (/ 2/3 4/9) (+ 1/2 0.5) (* 1/3 0))
(show (numerator 6/4) (denominator 6/4) (numerator -3/9) (denominator 5) (numerator 0.75) (denominator 0.75))
(show (exact? 1/2) (inexact? 1/2) (rational? 1/2) (integer? 1/2) (integer? 4/2) (real? 1/2))
(show (exact 0.5) (exact 0.1) (exact -2.75) (exact 1e-5) (exact 5e-324))
(show (inexact 1/3) (inexact -2/3) (inexact 1/7))
(show (floor 7/2) (ceiling 7/2) (truncate 7/2) (round 7/2))
(show (floor -7/2) (ceiling -7/2) (truncate -7/2) (round -7/2) (round 5/2) (round -5/2) (round 7/10))
(show (< 1/3 0.34) (> 1/3 0.33) (= 1/2 0.5) (= 1/3 0.3333333333333333) (< 1/3 1/2 2/3) (max 1/2 1/3) (min 1/2 0.1))
(show (abs -1/2) (square 2/3) (expt 2/3 5) (expt 2/3 -2) (expt 2 -10) (expt 1/2 0) (expt 0.5 2))
(show (sqrt 1/4) (sqrt 9/16) (sqrt 2/9) (sqrt 4) (sqrt 8) (call-with-values (lambda () (exact-integer-sqrt 17)) list))
(show (rationalize (exact .3) 1/10) (rationalize .3 1/10) (rationalize 1/3 1/100) (rationalize -3/10 1/10))
(show (zero? 1/2) (positive? -1/2) (negative? -1/2) (exact (floor 2.5)) (exact (round 2.5)))
(show (+ (expt 2 100) 1/2) (/ (expt 10 30) 3) (* 3 (/ (expt 10 30) 3)))
(show (eqv? 1/2 (/ 2 4)) (equal? 1/2 0.5) (eqv? 1/2 0.5))
(show #e1.5 #e-0.125 #e1e-3 #e1.2e2 #i1/3 #i-1/4 1/2 -3/9 06/08)
(show (exact-integer? 10/5) (exact-integer? 10/4))
