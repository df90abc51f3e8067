;; generators.scm: re-entrant continuations, dynamic-wind and exceptions.
(define (make-generator items)
  (define return #f)
  (define (resume-point)
    (for-each (lambda (x)
                (call/cc (lambda (next)
                           (set! resume-point (lambda () (next #f)))
                           (return x))))
              items)
    (return 'done))
  (lambda () (call/cc (lambda (r) (set! return r) (resume-point)))))

(define gen (make-generator '(red green blue)))
(display (list (gen) (gen) (gen) (gen)))
(newline)

(define log '())
(guard (e ((symbol? e) (set! log (cons (list 'caught e) log))))
  (dynamic-wind
    (lambda () (set! log (cons 'enter log)))
    (lambda () (raise 'oops))
    (lambda () (set! log (cons 'leave log)))))
(display (reverse log))
(newline)
