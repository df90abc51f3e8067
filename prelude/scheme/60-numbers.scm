;;; Numbers written in Scheme.

;; (rationalize x y): the simplest rational within y of x (R7RS 6.2.6), inexact when either
;; argument is: (rationalize 3/10 1/10) is 1/3, (rationalize .3 1/10) is #i1/3.
(define (rationalize x y)
  (define (simplest lo hi)
    ;; 0 < lo <= hi: walk the continued fraction of the interval.
    (let ((fl (floor lo)))
      (cond ((= fl lo) fl)
            ((< fl (floor hi)) (+ fl 1))
            (else (+ fl (/ 1 (simplest (/ 1 (- hi fl)) (/ 1 (- lo fl)))))))))
  (unless (real? x) (error "rationalize: expected a real number, got" x))
  (unless (real? y) (error "rationalize: expected a real number, got" y))
  (let* ((e (abs y))
         (lo (- x e))
         (hi (+ x e))
         (zero (if (and (exact? x) (exact? y)) 0 0.0)))
    (cond ((or (nan? lo) (nan? hi)) (+ x y 0.0))
          ((infinite? e) (if (infinite? x) +nan.0 0.0))
          ((infinite? x) x)
          ((> lo 0) (simplest lo hi))
          ((< hi 0) (- (simplest (- hi) (- lo))))
          (else zero))))

;;; (scheme complex) on the real numbers. There are no complex numbers (a documented gap), so a
;;; result with a non-zero imaginary part is an error rather than a wrong real.

(define (%check-real who x)
  (unless (real? x) (error (string-append who ": expected a real number, got") x)))

(define (real-part z) (%check-real "real-part" z) z)

(define (imag-part z) (%check-real "imag-part" z) 0)

;; The angle of a real is 0 for non-negatives and pi for negatives (a NaN stays NaN).
(define (angle z)
  (%check-real "angle" z)
  (cond ((nan? z) z)
        ((negative? z) (atan 0 -1))
        ((exact? z) 0)
        (else 0.0)))

(define (make-rectangular x y)
  (%check-real "make-rectangular" x)
  (%check-real "make-rectangular" y)
  (cond ((and (exact? y) (zero? y)) x)
        ((zero? y) (inexact x))
        (else (error "make-rectangular: complex numbers are not supported" x y))))

(define (make-polar r theta)
  (%check-real "make-polar" r)
  (%check-real "make-polar" theta)
  (cond ((and (exact? theta) (zero? theta)) r)
        ((zero? theta) (inexact r))
        ((zero? r) (if (exact? r) 0 0.0))
        (else (error "make-polar: complex numbers are not supported" r theta))))
