;; fib.scm: recursion, named let and the command line.
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))

(define n (let ((args (command-line)))
            (if (> (length args) 1) (string->number (cadr args)) 20)))

(let loop ((i 0))
  (when (<= i n)
    (display "fib(") (display i) (display ") = ") (display (fib i)) (newline)
    (loop (+ i 1))))
