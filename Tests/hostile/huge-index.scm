(define v (make-vector 3 0))
(vector-ref v 99999999999999999999)
