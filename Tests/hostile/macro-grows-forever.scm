(define-syntax grow (syntax-rules () ((_ x) (grow (x)))))
(grow 1)
