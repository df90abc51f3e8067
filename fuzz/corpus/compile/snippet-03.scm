(define-syntax swap! (syntax-rules () ((_ a b) (let ((t a)) (set! a b) (set! b t))))) (define x 1) (define y 2) (swap! x y) (list x y)
