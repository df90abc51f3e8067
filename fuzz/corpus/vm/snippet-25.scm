(error "bad thing:" 1 'two "three") (car '()) (vector-ref #(1) 5) (undefined-variable) ((lambda (x) x))
