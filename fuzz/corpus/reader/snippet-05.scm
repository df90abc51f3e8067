(define-record-type point (make-point x y) point? (x point-x set-point-x!) (y point-y)) (point-x (make-point 1 2))
