;;; Port procedures that take procedures; the rest are Swift builtins
;;; (Sources/Scheme/Library/PortBuiltins*.swift, Output.swift).

(define (call-with-port port proc)
  (call-with-values (lambda () (proc port))
    (lambda results
      (close-port port)
      (apply values results))))

(define (call-with-input-file file proc)
  (call-with-port (open-input-file file) proc))

(define (call-with-output-file file proc)
  (call-with-port (open-output-file file) proc))

;; The file is closed however the thunk exits (return, error, or escape).
(define (with-input-from-file file thunk)
  (let ((port (open-input-file file)))
    (dynamic-wind
      (lambda () #f)
      (lambda () (parameterize ((current-input-port port)) (thunk)))
      (lambda () (close-port port)))))

(define (with-output-to-file file thunk)
  (let ((port (open-output-file file)))
    (dynamic-wind
      (lambda () #f)
      (lambda () (parameterize ((current-output-port port)) (thunk)))
      (lambda () (close-port port)))))

(define (with-output-to-string thunk)
  (let ((port (open-output-string)))
    (parameterize ((current-output-port port)) (thunk))
    (get-output-string port)))

(define (call-with-output-string proc)
  (let ((port (open-output-string)))
    (proc port)
    (get-output-string port)))

(define (with-input-from-string s thunk)
  (parameterize ((current-input-port (open-input-string s))) (thunk)))
