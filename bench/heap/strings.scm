;;; strings: makes 2,000,000 short strings (a number's digits joined to a word), each kept until
;;; the next 100,000 replace it, comparing each with the one before; then 200 strings of 5,000
;;; characters filled with `string-set!` and summed with `string-ref`. Measures a short string's
;;; allocation and comparison and a long one's character stores and reads (docs/heap-design.md,
;;; migration step 5h). Prints (equal-neighbours length-sum char-sum).
(import (scheme base) (scheme write) (scheme char))
(define (batch n)
  (let loop ((i 0) (acc '()) (same 0) (len 0) (last ""))
    (if (< i n)
        (let ((s (string-append "item-" (number->string (quotient i 2)))))
          (loop (+ i 1) (cons s acc) (if (string=? s last) (+ same 1) same) (+ len (string-length s)) s))
        (list same len))))
(define (batches k)
  (let loop ((j 0) (same 0) (len 0))
    (if (< j k)
        (let ((r (batch 100000))) (loop (+ j 1) (+ same (car r)) (+ len (cadr r))))
        (list same len))))
(define (long-sum n size)
  (let loop ((k 0) (total 0))
    (if (< k n)
        (let ((s (make-string size #\a)))
          (do ((i 0 (+ i 1))) ((= i size)) (string-set! s i (integer->char (+ 97 (modulo (+ i k) 26)))))
          (let sum ((i 0) (t total)) (if (< i size) (sum (+ i 1) (+ t (char->integer (string-ref s i)))) (loop (+ k 1) t))))
        total)))
(display (append (batches 20) (list (long-sum 200 5000))))
(newline)
