;; macros.scm: hygienic syntax-rules macros.
(define-syntax while
  (syntax-rules ()
    ((_ test body ...) (let loop () (when test body ... (loop))))))

(define-syntax my-or
  (syntax-rules ()
    ((_) #f)
    ((_ e) e)
    ((_ e rest ...) (let ((temp e)) (if temp temp (my-or rest ...))))))

(define i 0)
(while (< i 3) (display i) (set! i (+ i 1)))
(newline)

(define temp 'user-temp)
(display (my-or #f temp))   ; the macro's temp does not capture ours
(newline)

(define-record-type point (make-point x y) point? (x point-x) (y point-y))
(define p (make-point 3 4))
(display (sqrt (+ (square (point-x p)) (square (point-y p)))))
(newline)
