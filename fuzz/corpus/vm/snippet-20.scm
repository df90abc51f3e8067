(define-values (q r) (floor/ 17 5)) (list q r (truncate/ -17 5) (exact-integer? q) (char-upcase #\a) (string->number "#x1F"))
