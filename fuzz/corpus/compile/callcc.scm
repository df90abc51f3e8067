;;; callcc: uses call/cc to leave a search loop early, many times; measures continuation
;;; capture and escaping invocation.
(import (scheme base) (scheme write))

;; Returns the index of the first element of vec equal to target, or -1, escaping
;; through the continuation as soon as it is found.
(define (find-index vec target)
  (call-with-current-continuation
   (lambda (return)
     (let loop ((i 0))
       (if (< i (vector-length vec))
           (begin
             (if (= (vector-ref vec i) target) (return i))
             (loop (+ i 1)))))
     -1)))

(define (make-data n)
  (let ((v (make-vector n 0)))
    (let loop ((i 0))
      (if (< i n)
          (begin (vector-set! v i (* i 3)) (loop (+ i 1)))))
    v))

(define (run k)
  (let ((data (make-data 50)))
    (let loop ((i 0) (acc 0))
      (if (< i k)
          ;; Targets cycle over found (multiples of 3) and not-found values.
          (loop (+ i 1) (+ acc (find-index data (modulo i 160))))
          acc))))

(display (run 200000))
(newline)
