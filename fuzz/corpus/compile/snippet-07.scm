(with-exception-handler (lambda (e) 0) (lambda () (+ 1 (raise-continuable 'oops))))
