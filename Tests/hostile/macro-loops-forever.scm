(define-syntax loop (syntax-rules () ((_) (loop))))
(loop)
