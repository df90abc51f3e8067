;;; strings: builds strings with a string output port and with string-append, then
;;; measures their lengths; exercises number->string, string ports and string copying.
(import (scheme base) (scheme write))

;; Writes "item-<i>;" for i below n into a string port and returns the text.
(define (port-build n)
  (let ((out (open-output-string)))
    (let loop ((i 0))
      (if (< i n)
          (begin
            (write-string "item-" out)
            (write-string (number->string i) out)
            (write-char #\; out)
            (loop (+ i 1)))))
    (get-output-string out)))

;; Appends words pairwise into a balanced tree of string-append calls (so total copying
;; is n log n, not quadratic).
(define (append-build lo hi)
  (if (= (- hi lo) 1)
      (string-append "w" (number->string lo) ",")
      (let ((mid (quotient (+ lo hi) 2)))
        (string-append (append-build lo mid) (append-build mid hi)))))

(define (run k)
  (let loop ((i 0) (total 0))
    (if (< i k)
        (loop (+ i 1)
              (+ total
                 (string-length (port-build 20000))
                 (string-length (append-build 0 20000))))
        total)))

(display (run 30))
(newline)
