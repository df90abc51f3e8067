(call-with-current-continuation (lambda (k) (dynamic-wind (lambda () 1) (lambda () (k 42)) (lambda () 2))))
