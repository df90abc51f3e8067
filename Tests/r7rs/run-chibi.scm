;; Runs chibi-scheme's R7RS suite (or any file written for (chibi test)) one top-level form at a
;; time, so that a form failing outside any `test` (say, one needing exact rationals) is reported
;; and skipped instead of ending the run.
;;
;;   htll -I Tests/r7rs Tests/r7rs/run-chibi.scm [FILE]    (FILE defaults to chibi's suite in /tmp)
(import (scheme base) (scheme read) (scheme eval) (scheme repl) (scheme write) (scheme file)
        (scheme process-context) (chibi test))

;; The first argument after the script when it names a .scm file (under a test runner the command
;; line is the runner's own).
(define suite-file
  (let ((args (command-line)))
    (if (and (pair? args) (pair? (cdr args))
             (let ((a (cadr args)))
               (and (> (string-length a) 4)
                    (string=? (substring a (- (string-length a) 4) (string-length a)) ".scm"))))
        (cadr args)
        "/tmp/chibi-src/tests/r7rs-tests.scm")))

(define (message-of e)
  (if (error-object? e)
      (let ((p (open-output-string)))
        (display (error-object-message e) p)
        (for-each (lambda (x) (display " " p) (write x p)) (error-object-irritants e))
        (get-output-string p))
      (let ((p (open-output-string)))
        (display "raised " p)
        (write e p)
        (get-output-string p))))

(define toplevel-errors 0)

(call-with-input-file suite-file
  (lambda (in)
    (let loop ((form (read in)))
      (unless (eof-object? form)
        (call-with-current-continuation
         (lambda (k)
           (with-exception-handler
            (lambda (e)
              (set! toplevel-errors (+ toplevel-errors 1))
              (display "TOP-LEVEL ERROR in ")
              (write (if (pair? form) (car form) form))
              (display " form: ")
              (display (message-of e))
              (newline)
              (k #f))
            (lambda () (eval form (interaction-environment))))))
        (loop (read in))))))

(display toplevel-errors)
(display " top-level errors")
(newline)
