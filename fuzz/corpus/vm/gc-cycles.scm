;;; gc-cycles: builds and drops 2,000,000 reference cycles, 1,000,000 of each kind:
;;; mutually referencing closures from internal defines, and circular lists closed with
;;; set-cdr!. Only a few are live at any time, so a collector that reclaims cycles keeps
;;; resident memory flat (compare the max RSS column against the other benchmarks).
(import (scheme base) (scheme write))

;; Two closures that refer to each other through their shared environment: a cycle.
(define (make-pair-of-closures k)
  (define (even-ish n) (if (= n 0) k (odd-ish (- n 1))))
  (define (odd-ish n) (if (= n 0) (- k) (even-ish (- n 1))))
  even-ish)

;; A three-element circular list.
(define (make-ring k)
  (let ((ring (list k (+ k 1) (+ k 2))))
    (set-cdr! (cddr ring) ring)
    ring))

(define (run n)
  (let loop ((i 0) (acc 0))
    (if (< i n)
        (let ((f (make-pair-of-closures i))
              (r (make-ring i)))
          ;; Touch both cycles so they cannot be optimised away: (f 4) bounces four
          ;; times between the closures and yields i; the ring's fifth element is its
          ;; second again (i + 1).
          (loop (+ i 1)
                (+ acc (f 4) (car (cdr (cdr (cdr (cdr r))))))))
        acc)))

(display (run 1000000))
(newline)
