;;; vectors: makes 3,000,000 vectors of three elements, each holding the one made before it (a
;;; chain of 100,000 rebuilt 30 times), then 200 vectors of 5,000 elements filled and summed.
;;; Measures a short vector's allocation and a long one's element stores and reads
;;; (docs/heap-design.md, migration step 5g). Prints (first-of-last-chain sum).
(import (scheme base) (scheme write))
(define (chain i acc) (if (= i 0) acc (chain (- i 1) (vector i acc 3))))
(define (chains n) (let loop ((k 0) (x #f)) (if (< k n) (loop (+ k 1) (chain 100000 #f)) x)))
(define (long-sum n size)
  (let loop ((k 0) (total 0))
    (if (< k n)
        (let ((v (make-vector size 0)))
          (do ((i 0 (+ i 1))) ((= i size)) (vector-set! v i (+ i k)))
          (let sum ((i 0) (s total)) (if (< i size) (sum (+ i 1) (+ s (vector-ref v i))) (loop (+ k 1) s))))
        total)))
(display (list (vector-ref (chains 30) 0) (long-sum 200 5000)))
(newline)
