(parameterize ((current-output-port (open-output-string))) (display 1))  (define param (make-parameter 10 (lambda (x) (* x 2)))) (param)
