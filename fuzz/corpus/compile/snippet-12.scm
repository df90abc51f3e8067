(define p (delay (begin (display "once") 5))) (force p) (force p) (make-promise 3) (delay-force (delay 1))
