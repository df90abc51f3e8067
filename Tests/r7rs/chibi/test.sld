;; A small stand-in for chibi-scheme's (chibi test) harness, enough to run
;; chibi's public R7RS suite (tests/r7rs-tests.scm) on htll.  Written from the
;; documented interface only: each failing case prints its group, expression,
;; expected and actual value; the outermost test-end prints "N passed, N failed".
;;
;; Run chibi's suite with Tests/r7rs/run-chibi.scm, which keeps going past top-level forms that
;; fail outside any test (chibi's file has one needing exact rationals, at line 842).
(define-library (chibi test)
  (export test test-begin test-end test-assert test-not test-error test-values
          test-equal? test-group current-test-epsilon test-exit test-failure-count)
  (import (scheme base) (scheme write) (scheme inexact) (scheme complex) (scheme process-context))
  (begin
    ;; Helper names carry a ct: prefix: htll libraries share one global
    ;; environment, so plain names could collide with the suite's own.
    (define ct:passed 0)
    (define ct:failed 0)
    (define ct:groups '())

    (define current-test-epsilon (make-parameter 1e-5))

    ;; Closeness for inexact expectations (an exact result that is numerically
    ;; close enough also counts): relative to the larger magnitude, or absolute
    ;; when the smaller one is zero.
    (define (ct:close? a b eps)
      (cond ((and (nan? a) (nan? b)) #t)
            ((or (nan? a) (nan? b)) #f)
            ((= a b) #t)
            ((or (infinite? a) (infinite? b)) #f)
            (else
             (let ((small (min (abs a) (abs b)))
                   (large (max (abs a) (abs b))))
               (if (zero? small)
                   (< large eps)
                   (< (/ (abs (- a b)) large) eps))))))

    ;; Inexact expectations (real or complex) match part by part within the epsilon.
    (define (test-equal? expect got)
      (or (equal? expect got)
          (and (number? expect) (inexact? expect) (number? got)
               (ct:close? (real-part expect) (real-part got) (current-test-epsilon))
               (ct:close? (imag-part expect) (imag-part got) (current-test-epsilon)))))

    (define (ct:group-name)
      (if (null? ct:groups) "" (car ct:groups)))

    (define (ct:pass!) (set! ct:passed (+ ct:passed 1)))

    (define (ct:fail! name expr what-expected got)
      (set! ct:failed (+ ct:failed 1))
      (display "FAIL [")
      (display (ct:group-name))
      (display "] ")
      (when name (write name) (display " "))
      (write expr)
      (display ": expected ")
      (display what-expected)
      (display ", got ")
      (display got)
      (newline))

    (define (ct:written x)
      (let ((p (open-output-string)))
        (write x p)
        (get-output-string p)))

    ;; Runs THUNK; returns (values 'ok result) or (values 'error condition).
    (define (ct:run thunk)
      (call-with-current-continuation
       (lambda (k)
         (with-exception-handler
          (lambda (e) (k 'error e))
          (lambda () (call-with-values thunk (lambda vals (k 'ok (if (and (pair? vals) (null? (cdr vals))) (car vals) vals)))))))))

    (define (ct:describe-error e)
      (if (error-object? e)
          (string-append "error: " (error-object-message e)
                         (if (null? (error-object-irritants e)) ""
                             (string-append " " (ct:written (error-object-irritants e)))))
          (string-append "raise: " (ct:written e))))

    (define (ct:check name expr expect-thunk thunk)
      (call-with-values (lambda () (ct:run expect-thunk))
        (lambda (estatus expect)
          (if (eq? estatus 'error)
              (ct:fail! name expr "a value" (string-append "error computing expected value: " (ct:describe-error expect)))
              (call-with-values (lambda () (ct:run thunk))
                (lambda (status got)
                  (cond ((eq? status 'error)
                         (ct:fail! name expr (ct:written expect) (ct:describe-error got)))
                        ((test-equal? expect got) (ct:pass!))
                        (else (ct:fail! name expr (ct:written expect) (ct:written got))))))))))

    (define (ct:check-true name expr want thunk)
      (call-with-values (lambda () (ct:run thunk))
        (lambda (status got)
          (cond ((eq? status 'error)
                 (ct:fail! name expr (if want "a true value" "#f") (ct:describe-error got)))
                ((eq? (not got) (not want)) (ct:pass!))
                (else (ct:fail! name expr (if want "a true value" "#f") (ct:written got)))))))

    (define (ct:check-error name expr thunk)
      (call-with-values (lambda () (ct:run thunk))
        (lambda (status got)
          (if (eq? status 'error)
              (ct:pass!)
              (ct:fail! name expr "an error" (ct:written got))))))

    (define (test-begin . name)
      (set! ct:groups (cons (if (pair? name) (car name) "") ct:groups)))

    (define (test-end . name)
      (when (pair? ct:groups) (set! ct:groups (cdr ct:groups)))
      (when (null? ct:groups)
        (display ct:passed)
        (display " passed, ")
        (display ct:failed)
        (display " failed")
        (newline)))

    (define (test-failure-count) ct:failed)

    (define (test-exit . o)
      (exit (if (zero? ct:failed) 0 1))))

  (begin
    (define-syntax test
      (syntax-rules ()
        ((_ expect expr) (test #f expect expr))
        ((_ name expect expr)
         (ct:check name 'expr (lambda () expect) (lambda () expr)))))

    (define-syntax test-assert
      (syntax-rules ()
        ((_ expr) (test-assert #f expr))
        ((_ name expr) (ct:check-true name 'expr #t (lambda () expr)))))

    (define-syntax test-not
      (syntax-rules ()
        ((_ expr) (test-not #f expr))
        ((_ name expr) (ct:check-true name 'expr #f (lambda () expr)))))

    (define-syntax test-error
      (syntax-rules ()
        ((_ expr) (test-error #f expr))
        ((_ name expr) (ct:check-error name 'expr (lambda () expr)))
        ((_ name pred expr) (ct:check-error name 'expr (lambda () expr)))))

    (define-syntax test-values
      (syntax-rules ()
        ((_ expect expr) (test-values #f expect expr))
        ((_ name expect expr)
         (test name
               (call-with-values (lambda () expect) list)
               (call-with-values (lambda () expr) list)))))

    (define-syntax test-group
      (syntax-rules ()
        ((_ name body ...)
         (begin (test-begin name) body ... (test-end name)))))))
