;;; One big-number operation for bench/bignum/run: `ops.scm OP E FILE` computes n = 7^E, reads
;;; the decimal digits in FILE as a string (untimed work, the same for every OP), then does OP
;;; and prints a checksum of its result. The runner times each OP and subtracts the time of
;;; OP = none (or of `multiply`, for `divide`, which needs the product), so a figure is one
;;; operation's CPU time without start-up, compilation or set-up: R7RS has no CPU clock.
(import (scheme base) (scheme write) (scheme file) (scheme process-context))

(define args (command-line))
(define op (list-ref args 1))
(define n (expt 7 (string->number (list-ref args 2))))
;; read-string, not read-line: chibi's read-line stops at 8,191 characters.
(define text (call-with-input-file (list-ref args 3) (lambda (in) (read-string 100000000 in))))

(define (product) (* n (+ n 1)))

(display
 (cond ((string=? op "none") (string-length text))
       ((string=? op "read") (remainder (string->number text) 1000000007))
       ((string=? op "write10") (string-length (number->string n)))
       ((string=? op "write16") (string-length (number->string n 16)))
       ((string=? op "write2") (string-length (number->string n 2)))
       ((string=? op "multiply") (remainder (product) 1000000009))
       ((string=? op "divide") (if (= (quotient (product) n) (+ n 1)) 1 0))
       (else (error "unknown operation" op))))
(newline)
