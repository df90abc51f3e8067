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
