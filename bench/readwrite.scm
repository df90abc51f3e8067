;;; readwrite: writes a list of 100,000 small lists to a file with `write`, reads it back with
;;; `read` from a file port (about 1.3 MB: many of a port's read-ahead chunks), and checks the
;;; copy. Reading a datum larger than a port's buffer must not cost more than reading it once.
(import (scheme base) (scheme write) (scheme read) (scheme file))

(define path "/tmp/htll-bench-readwrite.txt")

(define (make-data n)
  (let loop ((i (- n 1)) (acc '()))
    (if (< i 0)
        acc
        (loop (- i 1) (cons (list (string->symbol (string-append "a" (number->string (modulo i 100))))
                                  "s" i)
                            acc)))))

(define data (make-data 100000))
(if (file-exists? path) (delete-file path))
(with-output-to-file path (lambda () (write data)))
(define copy (call-with-input-file path read))
(delete-file path)
(write (list (length copy) (equal? copy data) (list-ref copy 77777)))
(newline)
